#!/usr/bin/env python3
"""Splits a profile of many `screenrun --once` runs into the steps of BENCHMARKS.md's start-up
table: exec and loading, library initializers, arguments and plugins, screen files, sample data,
the screen model, drawing, threads, exit. Standard library only.

    perf record -e cpu-clock -F 20000 -g -o once.data -- sh -c \
      'for i in $(seq 200); do .build/p1/screenrun-dynamic Screens/characters.json --once >/dev/null; done'
    perf script -i once.data -F comm,tid,ip,sym > once.txt
    perf stat -e task-clock -r 100 .build/p1/screenrun-dynamic Screens/characters.json --once >/dev/null
    Tests/Benchmarks/startup-steps.py once.txt 7.27     # the task-clock mean, in ms

Each sample goes to the first step whose functions are on its stack; the milliseconds are each
step's share of the samples times the task-clock mean. "Runtime lookups" are the samples under
the Swift runtime's conformance scans, type-name demangling, generic metadata and key paths.
"""
import sys, collections
text=open(sys.argv[1]).read().split('\n\n')
clock=float(sys.argv[2])
steps=collections.Counter(); scans=collections.Counter(); total=0
def has(s, *keys): return any(k in s for k in keys)
for blk in text:
    lines=[l.strip() for l in blk.strip().split('\n') if l.strip()]
    if not lines: continue
    head=lines[0]
    if head.startswith(('sh ', 'runmany', 'seq ')): continue
    frames=[l.split(None,1)[1] if ' ' in l else l for l in lines[1:]]
    s='\n'.join(frames)
    total+=1
    ldso=('do_lookup_x','_dl_lookup_symbol_x','check_match','_dl_fixup','_dl_map_object','intel_check_word','handle_intel','init_cpu_features','get_common_','update_active','_dl_runtime_resolve','_dl_addr','__cpu_indicator_init','_dl_relocate','_dl_new_object','_dl_catch','_dl_important_hwcaps')
    if any(f.startswith(ldso) for f in frames[:3]) or (frames and frames[0]=='strcmp' and len(frames)<=2): b='1 exec, loading, relocations, binding'
    elif has(s,'_dl_start_user','dl_main','_dl_relocate_object','_dl_sysdep_start') and not has(s,'_dl_init'): b='1 exec, loading, relocations, binding'
    elif has(s,'execve','bprm','load_elf_binary'): b='1 exec, loading, relocations, binding'
    elif has(s,'_dl_init','call_init'): b='2 library initializers (_dl_init)'
    elif has(s,'__run_exit_handlers','_dl_fini','do_exit','exit_mmap','do_group_exit'): b='9 exit'
    elif has(s,'SampleSource','PageV5slice','MarvelDataset','ParsedRecordMemo'): b='5 sample data (the first page)'
    elif has(s,'ScreenLoader','SelectGraph'): b='4 screen files: read, decode, check'
    elif has(s,'TextRenderer','OutputO5write','FrameWriter','TerminalWriter') and not has(s,'prepareStandardStreams'): b='7 drawing and writing'
    elif has(s,'NavigatorC4open','AppEnvironment','NavigatorC','Store','ViewModel','KindModel'): b='6 the screen model, its request'
    elif has(s,'ArgumentsV5parse','CommandV11environment','ProcessInfo','registry6adding','ShippedPlugins','PluginDiscovery','prepareStandardStreams','PluginRegistry','KindRegistry','SignalWatcher','SystemThread','adoptOrphans','ScreenRunCommand','ScreenRunCLI'): b='3 arguments, environment, plugins'
    elif has(s,'start_thread','clone','_dispatch_worker_thread','swift_job_run','_dispatch'): b='8 threads: start, switches, idle'
    else: b='0 other (kernel, libc start)'
    steps[b]+=1
    if has(s,'swift_conformsToProtocol','swift_getTypeByMangledName','_swift_getGenericMetadata','swift_getKeyPath','_swift_getKeyPath'): scans[b]+=1
print(f"{'step':45s} {'share':>6s} {'ms':>6s} {'of which runtime lookups ms':>10s}")
for b in sorted(steps):
    print(f"{b:45s} {100*steps[b]/total:5.1f}% {clock*steps[b]/total:6.2f} {clock*scans[b]/total:6.2f}")
print('samples', total, 'runtime lookups total ms', round(clock*sum(scans.values())/total,2))
