# The wrapper for the seed case: one function per captured partition (args unpacked and
# cleared, del at each death, tuple return), the CPU copy inline in call(args), which hands
# x_1 over to partition_0 and frees add/view/detach at the copy. --device-map rewrites the
# devices so the module runs on a CPU-only machine (test_partition_codegen.py runs it).
# RUN: %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph --device-map cuda=cpu | FileCheck %s
# RUN: %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph | FileCheck --check-prefix=NOMAP %s
# CHECK: def partition_0(args):
# CHECK-NEXT:     # submod_0 (3 nodes)
# CHECK-NEXT:     x_1, = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     add = torch.ops.aten.add.Tensor(x_1, 1)
# CHECK-NEXT:     del x_1
# CHECK-NEXT:     view = torch.ops.aten.view.dtype(add, torch.float8_e4m3fn)
# CHECK-NEXT:     detach = torch.ops.aten.detach.default(view)
# CHECK-NEXT:     return (add, view, detach)
# CHECK-EMPTY:
# CHECK-EMPTY:
# CHECK-NEXT: def partition_2(args):
# CHECK-NEXT:     # submod_2 (1 nodes)
# CHECK-NEXT:     _to_copy, = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     _to_copy_1 = torch.ops.aten._to_copy.default(_to_copy, dtype=torch.float8_e4m3fn, layout=torch.strided, device=torch.device('cpu'))
# CHECK-NEXT:     del _to_copy
# CHECK-NEXT:     return (_to_copy_1,)
# CHECK-EMPTY:
# CHECK-EMPTY:
# CHECK-NEXT: def call(args):
# CHECK-NEXT:     x_1, = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     partition0_args = [x_1]
# CHECK-NEXT:     del x_1
# CHECK-NEXT:     add, view, detach, = partition_0(partition0_args)
# CHECK-NEXT:     del partition0_args
# CHECK-NEXT:     _to_copy = torch.ops.aten._to_copy.default(detach, dtype=torch.float8_e4m3fn, layout=torch.strided, device=torch.device('cpu'))
# CHECK-NEXT:     del add, view, detach
# CHECK-NEXT:     partition2_args = [_to_copy]
# CHECK-NEXT:     del _to_copy
# CHECK-NEXT:     _to_copy_1, = partition_2(partition2_args)
# CHECK-NEXT:     del partition2_args
# CHECK-NEXT:     return (_to_copy_1,)
# NOMAP: device=torch.device('cuda:0')
# ORACLE: skip
