# A graph-form input without its `return` line (a file holding only `graph():`, or one cut
# short) is a located error, with or without --no-verify; never an unlocated one.
# RUN: split-file %s %t
# RUN: %expect-exit 1 %piecewise lint %t/header-only.fx 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not=unknown
# RUN: %expect-exit 1 %piecewise --no-verify print %t/header-only.fx 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not=unknown
# HEADER: header-only.fx:1:9: error: the graph ends without a 'return' line (is the input cut short?)
# RUN: %expect-exit 1 %piecewise lint %t/cut.fx 2>&1 | FileCheck %s --check-prefix=CUT
# CUT: cut.fx:3:102: error: the graph ends without a 'return' line

#--- header-only.fx
graph():
#--- cut.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
