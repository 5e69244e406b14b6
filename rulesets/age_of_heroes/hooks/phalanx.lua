-- A hoplite of a phalanx: its long spear fills the square in front of it (004 Forests Of
-- Spears: "the sheer number of spears sticking out in front of a phalanx means that an opponent
-- cannot easily approach without being skewered. There is simply no room to maneuver between
-- the protruding spears. A square that is filled with spears in front of a phalanx counts as an
-- obstacle").
--
-- The spears move with the hoplite: its zone is the row of squares just ahead of its space, on
-- the side it faces (`facing:` in the scenario). For an opponent, a step into that square costs
-- and allows what the ruleset's own rules give for the terrain forest_of_spears (an obstacle
-- that hampers: 2 squares, no stopping on it), so the numbers stay the ruleset's. The hoplite's
-- own side moves among its spears freely. The attacks of opportunity the spears bring come from
-- the hoplites' reach weapons (`reach_weapon: true`, rule provokes), not from this script.

rulesets = { "age_of_heroes" }

local AHEAD = {
  north = { 0, -1 }, south = { 0, 1 }, east = { 1, 0 }, west = { -1, 0 },
  northeast = { 1, -1 }, northwest = { -1, -1 }, southeast = { 1, 1 }, southwest = { -1, 1 },
}

-- The squares in front of the hoplite's space, for an opponent's moves.
function zone(self, mover)
  local ahead = AHEAD[self.facing]
  if ahead == nil or (self.side ~= "" and mover.side == self.side) then return nil end
  local squares = {}
  local n = self.squares
  for i = 0, n - 1 do
    -- the row (or column) just beyond the space's front edge
    local x = self.at.x + (ahead[1] == 0 and i or (ahead[1] > 0 and n or -1))
    local y = self.at.y + (ahead[2] == 0 and i or (ahead[2] > 0 and n or -1))
    squares[#squares + 1] = { x, y }
  end
  return squares
end

function zone_may_enter(mover, step, mode, allowed)
  return allowed and (step:on_terrain("forest_of_spears"))
end

function zone_step_cost(mover, step, mode, cost)
  local allowed, spears = step:on_terrain("forest_of_spears")
  if allowed then return spears end
end

function zone_may_end(mover, square, mode, allowed)
  return allowed and square:on_terrain("forest_of_spears")
end
