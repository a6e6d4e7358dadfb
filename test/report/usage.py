# `piecewise report` usage errors exit 2, bad input exits 1, and nothing is written then.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %expect-exit 2 %piecewise report %examples/seed_cpu_roundtrip.py -o %t/r.html 2>&1 | FileCheck --check-prefix=MODE %s
# RUN: %expect-exit 2 %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph --splitting-ops=aten::mm -o %t/r.html 2>&1 | FileCheck --check-prefix=MODE %s
# RUN: %expect-exit 2 %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph 2>&1 | FileCheck --check-prefix=NOOUT %s
# RUN: cp %examples/seed_cpu_roundtrip.py %t/in.py
# RUN: %expect-exit 2 %piecewise report %t/in.py --cudagraph -o %t/in.py 2>&1 | FileCheck --check-prefix=SAME %s
# RUN: cmp %t/in.py %examples/seed_cpu_roundtrip.py
# RUN: %expect-exit 1 %piecewise report %t/missing.py --cudagraph -o %t/r.html 2>&1 | FileCheck --check-prefix=MISSING %s
# RUN: %expect-exit 1 %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph --debug-drop-alias-inputs -o %t/r.html 2>&1 | FileCheck --check-prefix=VERIFY %s
# RUN: %expect-exit 1 %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph -o %t/no/such/dir/r.html 2>&1 | FileCheck --check-prefix=NODIR %s
# RUN: %expect-exit 2 %piecewise report %examples/seed_cpu_roundtrip.py --cudagraph -o 2>&1 | FileCheck --check-prefix=NOARG %s
# RUN: not ls %t/r.html
# MODE: report needs exactly one of --splitting-ops=... and --cudagraph
# NOOUT: report needs -o FILE.html (or -o - for stdout)
# SAME: -o '{{.*}}in.py' names the input file '{{.*}}in.py'; refusing to overwrite it
# MISSING: cannot open
# VERIFY: the partition plan does not verify
# NODIR: cannot open '{{.*}}r.html' for writing
# NOARG: -o
# ORACLE: skip
