-- A creature that completely fills its squares cannot be moved through, by anyone.
--
--   000 (dnd35) 지정된 예외: "일부 생물은 위의 규칙을 깨뜨립니다. 구역을 완전히 메우는 생물의
--       경우, 구르기 스킬이나 기타 비슷한 특수 능력이 있더라도 통과해 이동하는 것을 허용하지
--       않습니다." (some creatures break the rules above: a creature that completely fills its
--       squares cannot be moved through, even with the Tumble skill or a similar ability)
--   004 (age_of_heroes): "A creature that completely fills the squares it occupies cannot be
--       moved past, even with the Tumble skill or similar special abilities."
--   001 (starfinder): "если существо полностью занимает клетку (например, кубический робот с
--       гранью 5 футов), через его клетку не получится пройти даже с использованием Акробатики"
--
-- An occupant's exception: the engine calls these for another creature's steps into (and
-- moves ending in) the squares of the creature with this trait. Every exception the rules give
-- for passing through (an ally's square, a helpless enemy, a very small mover, a size three
-- steps away) is overruled. The creature's own moves are not affected.

-- Written for the rulesets whose texts carry this exception: 003 (dnd5e) has none.
rulesets = { "dnd35", "starfinder", "age_of_heroes" }

function occupant_may_enter(mover, step, mode, allowed)
  return false
end

function occupant_may_end(mover, square, mode, allowed)
  return false
end
