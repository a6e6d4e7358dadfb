# Real graphs from the shared corpus, partitioned with views and matmuls declared unsafe (many
# small partitions, views crossing boundaries everywhere), with and without --reorder and
# --keep-inputs-alive: every plan verifies, and codegen writes a wrapper for each (a graph
# with get_attr constants is refused with a located diagnostic: dumps carry no values).
# REQUIRES: shared
# RUN: %piecewise verify-plan --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt | FileCheck %s --check-prefix=G1
# G1: plan ok: 19 partitions (10 captured), 163 values
# RUN: %piecewise verify-plan --reorder --keep-inputs-alive --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt | FileCheck %s --check-prefix=OK
# RUN: %piecewise codegen --cudagraph --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt -o %t.1.py
# RUN: %python -c "import ast,sys; ast.parse(open(sys.argv[1]).read())" %t.1.py
# RUN: %piecewise verify-plan --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_megatron_gpt_joint_autofuncv2.py.txt | FileCheck %s --check-prefix=G2
# G2: plan ok: 117 partitions (59 captured), 487 values
# RUN: %piecewise verify-plan --reorder --keep-inputs-alive --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_megatron_gpt_joint_autofuncv2.py.txt | FileCheck %s --check-prefix=OK
# RUN: %not %piecewise codegen --cudagraph %shared/corpus/graphs/entangle_megatron_gpt_joint_autofuncv2.py.txt 2>&1 | FileCheck %s --check-prefix=GETATTR
# RUN: %piecewise verify-plan --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_megatron_gpt_tp2_fw.py.txt | FileCheck %s --check-prefix=G3
# G3: plan ok: 37 partitions (19 captured), 195 values
# RUN: %piecewise verify-plan --reorder --keep-inputs-alive --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_megatron_gpt_tp2_fw.py.txt | FileCheck %s --check-prefix=OK
# RUN: %not %piecewise codegen --cudagraph %shared/corpus/graphs/entangle_megatron_gpt_tp2_fw.py.txt 2>&1 | FileCheck %s --check-prefix=GETATTR
# RUN: %piecewise verify-plan --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt | FileCheck %s --check-prefix=G4
# G4: plan ok: 17 partitions (9 captured), 62 values
# RUN: %piecewise verify-plan --reorder --keep-inputs-alive --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt | FileCheck %s --check-prefix=OK
# RUN: %piecewise codegen --cudagraph --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt -o %t.4.py
# RUN: %python -c "import ast,sys; ast.parse(open(sys.argv[1]).read())" %t.4.py
# RUN: %piecewise verify-plan --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/pt_test_activation_ckpt_recompute_splitws.fx.txt | FileCheck %s --check-prefix=G5
# G5: plan ok: 7 partitions (3 captured), 26 values
# RUN: %piecewise verify-plan --reorder --keep-inputs-alive --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/pt_test_activation_ckpt_recompute_splitws.fx.txt | FileCheck %s --check-prefix=OK
# RUN: %piecewise codegen --cudagraph --cudagraph-unsafe-ops=aten::view,aten::mm %shared/corpus/graphs/pt_test_activation_ckpt_recompute_splitws.fx.txt -o %t.5.py
# RUN: %python -c "import ast,sys; ast.parse(open(sys.argv[1]).read())" %t.5.py
# OK: plan ok:
# GETATTR: error: codegen: cannot emit get_attr node '_tensor_constant0'
# ORACLE: skip
