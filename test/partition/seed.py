# The seed case (y = x + 1; z = y.view(float8); z.cpu().to(x.device)): two captured
# partitions around the CPU copy; the copy's partition gets add (never read there, the
# base of the float8 view) as an input and frees it. Dropping that input (the old
# Inductor behaviour) must fail the plan verifier.
# RUN: %piecewise partition %examples/seed_cpu_roundtrip.py | FileCheck %s
# RUN: %not %piecewise verify-plan %examples/seed_cpu_roundtrip.py --debug-drop-alias-inputs 2>&1 | FileCheck --check-prefix=BUG %s
# RUN: %not %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph --debug-drop-alias-inputs 2>&1 | FileCheck --check-prefix=BUG %s
# RUN: %piecewise verify-plan %examples/seed_cpu_roundtrip_dynamic.py | FileCheck --check-prefix=OK %s
# CHECK: partitions:      3 (2 cudagraphable, 1 not)
# CHECK: plan verifier:   ok
# CHECK:   partition_0  cudagraph  3 nodes
# CHECK-NEXT:       inputs:  x_1*
# CHECK-NEXT:       outputs: add, view, detach
# CHECK-NEXT:   partition_1  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  detach*, add* (alias), view* (alias)
# CHECK-NEXT:       outputs: _to_copy
# CHECK-NEXT:   partition_2  cudagraph  1 nodes
# CHECK-NEXT:       inputs:  _to_copy*
# CHECK-NEXT:       outputs: _to_copy_1
# CHECK-NEXT: (* = freed in the partition)
# BUG: error: in call: del of 'add', which is not in scope
# BUG: note: the partition plan does not verify
# OK: plan ok: 3 partitions (2 captured)
# ORACLE: skip (runs the example; test_partition_codegen.py runs it too)
