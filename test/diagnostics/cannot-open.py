# Unreadable inputs: `piecewise: error: cannot open 'X': reason`, exit 1.
# RUN: %expect-exit 1 %piecewise lint %t.does-not-exist.py 2>&1 | FileCheck %s
# CHECK: piecewise: error: cannot open '{{.*}}.does-not-exist.py': No such file or directory
# RUN: %expect-exit 1 %piecewise stats %S 2>&1 | FileCheck %s --check-prefix=DIR
# DIR: piecewise: error: cannot open '{{.*}}diagnostics': Is a directory
