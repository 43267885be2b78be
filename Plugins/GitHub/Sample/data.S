// The GitHub sample data, linked into the binary as bytes: github-sample.json and its index, both
// written by build_sample.py beside this file. Nothing is compiled from them, so the build costs
// what copying them costs, and an installed screenrun carries them wherever it goes.
  .section .rodata
  .balign 16
  .global screenrun_github_sample_json_start
  .global screenrun_github_sample_json_end
  .global screenrun_github_sample_index_start
  .global screenrun_github_sample_index_end
screenrun_github_sample_json_start:
  .incbin "github-sample.json"
screenrun_github_sample_json_end:
  .balign 16
screenrun_github_sample_index_start:
  .incbin "github-sample.index"
screenrun_github_sample_index_end:
  .section .note.GNU-stack,"",@progbits
