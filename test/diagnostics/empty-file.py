# An empty input (and one with only blank lines) is reported at 1:1.
# RUN: %python -c "open(r'%t.empty.py', 'w')"
# RUN: %not %piecewise lint %t.empty.py 2>&1 | FileCheck %s
# RUN: %python -c "open(r'%t.blank.py', 'w').write('\n  \n\t\n')"
# RUN: %not %piecewise lint %t.blank.py 2>&1 | FileCheck %s --check-prefix=BLANK
# RUN: %not %piecewise lint - < %t.empty.py 2>&1 | FileCheck %s --check-prefix=STDIN
# CHECK: .empty.py:1:1: error: input is empty
# BLANK: .blank.py:1:1: error: input is empty
# STDIN: <stdin>:1:1: error: input is empty
