#include "rulecraft/rulecraft.h"

namespace rulecraft {

const char* Version() { return RULECRAFT_VERSION; }

}  // namespace rulecraft
