// The Marvel sample data, linked into the binary as bytes: marvel-sample.json and its index, both
// written by build_sample.py beside this file. Nothing is compiled from them, so the build costs
// what copying them costs, and an installed screenrun carries them wherever it goes.
  .section .rodata
  .balign 16
  .global screenrun_marvel_sample_json_start
  .global screenrun_marvel_sample_json_end
  .global screenrun_marvel_sample_index_start
  .global screenrun_marvel_sample_index_end
screenrun_marvel_sample_json_start:
  .incbin "marvel-sample.json"
screenrun_marvel_sample_json_end:
  .balign 16
screenrun_marvel_sample_index_start:
  .incbin "marvel-sample.index"
screenrun_marvel_sample_index_end:
  .section .note.GNU-stack,"",@progbits
