# Bad `gen` options are usage errors: exit status 2.
# RUN: %expect-exit 2 %piecewise gen --layers -1 2>&1 | FileCheck %s --check-prefix=NEG
# NEG: --layers: Value -1 not in range
# RUN: %expect-exit 2 %piecewise gen --layers many 2>&1 | FileCheck %s --check-prefix=NAN
# NAN: --layers
# RUN: %expect-exit 2 %piecewise gen --layers
# RUN: %expect-exit 2 %piecewise gen --heads 3
