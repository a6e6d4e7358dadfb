# Every graph of the shared corpus parses and verifies (lint prints nothing),
# prints, and its printed form is a fixed point of print. See ../shared/corpus/README.md.
# REQUIRES: shared
# RUN: %piecewise lint %shared/corpus/graphs/codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt > %t.codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt.py && %piecewise print %t.codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt.py | diff %t.codeidx_mxfp8_mlp_postgrad_viewdtype.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/entangle_megatron_gpt_joint_autofuncv2.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/entangle_megatron_gpt_joint_autofuncv2.py.txt > %t.entangle_megatron_gpt_joint_autofuncv2.py.txt.py && %piecewise print %t.entangle_megatron_gpt_joint_autofuncv2.py.txt.py | diff %t.entangle_megatron_gpt_joint_autofuncv2.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/entangle_megatron_gpt_tp2_fw.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/entangle_megatron_gpt_tp2_fw.py.txt > %t.entangle_megatron_gpt_tp2_fw.py.txt.py && %piecewise print %t.entangle_megatron_gpt_tp2_fw.py.txt.py | diff %t.entangle_megatron_gpt_tp2_fw.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt > %t.entangle_vllm_qwen2_tp1_aot.py.txt.py && %piecewise print %t.entangle_vllm_qwen2_tp1_aot.py.txt.py | diff %t.entangle_vllm_qwen2_tp1_aot.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/pt_test_activation_ckpt_recompute_splitws.fx.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/pt_test_activation_ckpt_recompute_splitws.fx.txt > %t.pt_test_activation_ckpt_recompute_splitws.fx.txt.py && %piecewise print %t.pt_test_activation_ckpt_recompute_splitws.fx.txt.py | diff %t.pt_test_activation_ckpt_recompute_splitws.fx.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/pt_test_auto_functionalize_postgrad_dynamic_s72.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/pt_test_auto_functionalize_postgrad_dynamic_s72.py.txt > %t.pt_test_auto_functionalize_postgrad_dynamic_s72.py.txt.py && %piecewise print %t.pt_test_auto_functionalize_postgrad_dynamic_s72.py.txt.py | diff %t.pt_test_auto_functionalize_postgrad_dynamic_s72.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/thunder_sglang_deepseekv31_rank0_g40_split.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/thunder_sglang_deepseekv31_rank0_g40_split.py.txt > %t.thunder_sglang_deepseekv31_rank0_g40_split.py.txt.py && %piecewise print %t.thunder_sglang_deepseekv31_rank0_g40_split.py.txt.py | diff %t.thunder_sglang_deepseekv31_rank0_g40_split.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/thunder_sglang_qwen3moe_rank0_g9_split.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/thunder_sglang_qwen3moe_rank0_g9_split.py.txt > %t.thunder_sglang_qwen3moe_rank0_g9_split.py.txt.py && %piecewise print %t.thunder_sglang_qwen3moe_rank0_g9_split.py.txt.py | diff %t.thunder_sglang_qwen3moe_rank0_g9_split.py.txt.py -
# RUN: %piecewise lint %shared/corpus/graphs/thunder_sglang_qwen3next_rank0_g0_split.py.txt 2>&1 | count 0
# RUN: %piecewise print %shared/corpus/graphs/thunder_sglang_qwen3next_rank0_g0_split.py.txt > %t.thunder_sglang_qwen3next_rank0_g0_split.py.txt.py && %piecewise print %t.thunder_sglang_qwen3next_rank0_g0_split.py.txt.py | diff %t.thunder_sglang_qwen3next_rank0_g0_split.py.txt.py -
