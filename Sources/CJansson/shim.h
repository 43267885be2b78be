#ifndef SCREENRUN_CJANSSON_SHIM_H
#define SCREENRUN_CJANSSON_SHIM_H

#include <jansson.h>

// json_typeof is a function-like macro, which Swift cannot call: this is the same test as a
// function. (json_decref and the accessors are real functions and are called directly.)
static inline json_type screenrun_json_typeof(const json_t *value) {
  return json_typeof(value);
}

#endif
