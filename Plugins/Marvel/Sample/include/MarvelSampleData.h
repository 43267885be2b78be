#ifndef SCREENRUN_MARVEL_SAMPLE_DATA_H
#define SCREENRUN_MARVEL_SAMPLE_DATA_H

#include <stddef.h>

// The bytes of marvel-sample.json and marvel-sample.index, linked in by data.S.
extern const unsigned char screenrun_marvel_sample_json_start[];
extern const unsigned char screenrun_marvel_sample_json_end[];
extern const unsigned char screenrun_marvel_sample_index_start[];
extern const unsigned char screenrun_marvel_sample_index_end[];

static inline const unsigned char *screenrun_marvel_sample_json(void) { return screenrun_marvel_sample_json_start; }
static inline size_t screenrun_marvel_sample_json_size(void) {
  return (size_t)(screenrun_marvel_sample_json_end - screenrun_marvel_sample_json_start);
}
static inline const unsigned char *screenrun_marvel_sample_index(void) { return screenrun_marvel_sample_index_start; }
static inline size_t screenrun_marvel_sample_index_size(void) {
  return (size_t)(screenrun_marvel_sample_index_end - screenrun_marvel_sample_index_start);
}

#endif
