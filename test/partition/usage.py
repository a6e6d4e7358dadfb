# Usage errors exit 2; bad input exits 1.
# RUN: %expect-exit 2 %piecewise codegen %examples/seed_cpu_roundtrip.py 2>&1 | FileCheck --check-prefix=MODE %s
# RUN: %expect-exit 2 %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph --splitting-ops=aten::mm 2>&1 | FileCheck --check-prefix=MODE %s
# RUN: %expect-exit 2 %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph --device-map=cuda 2>&1 | FileCheck --check-prefix=MAP %s
# RUN: %expect-exit 1 %piecewise partition %s.missing 2>&1 | FileCheck --check-prefix=MISSING %s
# MODE: codegen needs exactly one of --splitting-ops=... and --cudagraph
# MAP: bad --device-map entry 'cuda'
# MISSING: cannot open
# ORACLE: skip
