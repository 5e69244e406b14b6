diff dnd35 age_of_heroes
