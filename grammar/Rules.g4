// The rulecraft rules language (docs/dsl.md): a manifest, then rules.
grammar Rules;

// file -> manifest? rule* EOF   (only ruleset.rules carries the manifest)
file : manifest? rules+=ruleDef* EOF ;

// manifest -> 'ruleset' NAME "title" ('extends' NAME)? ('uses' NAME (',' NAME)*)? '{' setting* '}'
manifest
  : 'ruleset' name=IDENT title=STRING ('extends' parent=(IDENT | STRING))?
    ('uses' modules+=moduleName (',' modules+=moduleName)*)? '{' settings+=setting* '}'
  ;
moduleName : name=(IDENT | STRING) ;

// setting -> NAME '=' NUMBER unit?
setting : key=(IDENT | UNIT) '=' value=quantity ;
quantity : amount=NUMBER unit=UNIT? ;

// rule -> 'override'? 'rule' NAME '(' params ')' (':' type)? '=' expr
// (`override`: replaces the rule of that name a parent ruleset or a used module defines)
ruleDef
  : over='override'? 'rule' name=(IDENT | UNIT) '(' (params+=param (',' params+=param)*)? ')' (':' result=(IDENT | UNIT))? '=' body=expr
  ;
// Unit words (ft, square …) follow numbers; elsewhere they are plain names (`square: square`).
param : name=(IDENT | UNIT) (':' type=(IDENT | UNIT))? ;

// Alternatives are listed from the tightest binding to the loosest.
expr
  : primary                                                        # Atom
  | target=expr '.' field=(IDENT | UNIT) ('(' (args+=expr (',' args+=expr)*)? ')')?  # Member
  | target=expr '[' index=expr ']'                                 # Index
  | <assoc=right> left=expr op='^' right=expr                      # Binary
  | op=('-' | '+') operand=expr                                    # Unary
  | left=expr op=('*' | '/' | '%') right=expr                      # Binary
  | left=expr op=('+' | '-') right=expr                            # Binary
  | left=expr op=('==' | '!=' | '<' | '<=' | '>' | '>=') right=expr  # Binary
  | op='not' operand=expr                                          # Unary
  | left=expr op='and' right=expr                                  # Binary
  | left=expr op='or' right=expr                                   # Binary
  | 'if' cond=expr 'then' yes=expr 'else' no=expr                  # If
  | 'let' name=(IDENT | UNIT) '=' value=expr 'in' body=expr        # Let
  ;

primary
  : amount=NUMBER unit=UNIT?                                       # NumberLiteral
  | value=('true' | 'false')                                       # BoolLiteral
  | text=STRING                                                    # StringLiteral
  | name=(IDENT | UNIT) '(' (args+=expr (',' args+=expr)*)? ')'    # Call
  | name=(IDENT | UNIT)                                            # Name
  | '(' inner=expr ')'                                             # Paren
  | '[' (entries+=entry (',' entries+=entry)*)? ','? ']'           # List
  ;

// A list entry, kept only when its condition holds.
entry : value=expr ('if' cond=expr)? ;

UNIT    : 'ft' | 'feet' | 'square' | 'squares' | 'mile' | 'miles' ;
NUMBER  : [0-9]+ ('.' [0-9]+)? ;
STRING  : '"' (~["\\\r\n] | '\\' .)* '"' ;
IDENT   : [a-zA-Z_] [a-zA-Z_0-9]* ;
COMMENT : '#' ~[\r\n]* -> skip ;
WS      : [ \t\r\n]+ -> skip ;
