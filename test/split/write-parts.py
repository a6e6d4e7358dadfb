# `split -o FILE` hands the module to a background thread in 8 MB parts (the
# printer prints the next part while the last one is written). 2,000 layers
# print ~14 MB: two parts. The file holds exactly what `-o -` (written in the
# same parts, synchronously, to standard output) prints.
# RUN: %piecewise gen --layers 2000 > %t.in.py
# RUN: %piecewise split %t.in.py --splitting-ops=vllm.unified_attention_with_output -o %t.file.py | FileCheck %s --check-prefix=SUMMARY
# SUMMARY: pieces: 4001 (2000 splitting, 2001 compiled)
# RUN: %piecewise split %t.in.py --splitting-ops=vllm.unified_attention_with_output -o - > %t.stdout.py
# RUN: cmp %t.file.py %t.stdout.py
# RUN: %python -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" %t.file.py
# A write that fails in the background thread (a full device) is reported
# as the writer saw it, and the command fails.
# RUN: %not %piecewise split %t.in.py --splitting-ops=vllm.unified_attention_with_output -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# FULL: piecewise: error: cannot write '/dev/full': No space left on device
