// The rulecraft rules language. Today it holds the ruleset manifest; rules follow.
grammar Rules;

// file -> manifest EOF
file : manifest EOF ;

// manifest -> 'ruleset' NAME "title" ('extends' NAME)? '{' setting* '}'
manifest
  : 'ruleset' name=IDENT title=STRING ('extends' parent=IDENT)? '{' settings+=setting* '}'
  ;

// setting -> NAME '=' quantity
setting : key=IDENT '=' value=quantity ;

// quantity -> NUMBER unit?
quantity : amount=NUMBER unit=IDENT? ;

NUMBER  : [0-9]+ ('.' [0-9]+)? ;
STRING  : '"' (~["\\\r\n] | '\\' .)* '"' ;
IDENT   : [a-zA-Z_] [a-zA-Z_0-9]* ;
COMMENT : '#' ~[\r\n]* -> skip ;
WS      : [ \t\r\n]+ -> skip ;
