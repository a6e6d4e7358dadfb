# Made by examples/hf/capture_families.py with torch 2.13.0+cpu and transformers 5.25.0:
# the Dynamo graph (dynamic=True) of T5ForConditionalGeneration built from its config class, 2 layers,
# every dropout rate 0.0. scaled_dot_product_attention calls: 6
class GraphModule(torch.nn.Module):
    def forward(self, s34: "Sym(s34)", L_kw_input_ids_: "i64[1, s34][s34, 1]cpu", L_model_modules_encoder_modules_embed_tokens_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_encoder_modules_embed_tokens_norm_type: "f64[][]cpu", L_model_modules_encoder_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_parameters_weight_: "f32[8, 4][4, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_norm_type: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_scaling: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_wi_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_wo_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_scaling: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_wi_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_wo_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_final_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_encoder_modules_final_layer_norm_parameters_weight_: "f32[64][1]cpu", s43: "Sym(s43)", L_kw_decoder_input_ids_: "i64[1, s43][s43, 1]cpu", L_model_modules_decoder_modules_embed_tokens_norm_type: "f64[][]cpu", L_model_modules_decoder_config_dict_dropout_rate_: "f64[][]cpu", L_model_modules_decoder_config_dict_layer_norm_epsilon_: "f64[][]cpu", L_model_modules_decoder_config_dict_initializer_factor_: "f64[][]cpu", L_model_modules_decoder_config_dict_classifier_dropout_: "f64[][]cpu", L_model_modules_decoder_config_dict_dropout_: "f64[][]cpu", L_model_modules_decoder_config_dict_attention_dropout_: "f64[][]cpu", L_model_modules_decoder_config_dict_activation_dropout_: "f64[][]cpu", L_model_modules_decoder_config_dict_hidden_dropout_prob_: "f64[][]cpu", L_model_modules_decoder_config_dict_attention_probs_dropout_prob_: "f64[][]cpu", L_model_modules_decoder_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_parameters_weight_: "f32[8, 4][4, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_norm_type: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_scaling: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_scaling: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_wi_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_wo_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_scaling: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_q_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_k_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_v_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_scaling: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_parameters_weight_: "f32[64][1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_wi_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_wo_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dropout_p: "f64[][]cpu", L_model_modules_decoder_modules_final_layer_norm_variance_epsilon: "f64[][]cpu", L_model_modules_decoder_modules_final_layer_norm_parameters_weight_: "f32[64][1]cpu"):
        l_kw_input_ids_ = L_kw_input_ids_
        l_model_modules_encoder_modules_embed_tokens_parameters_weight_ = L_model_modules_encoder_modules_embed_tokens_parameters_weight_
        l_model_modules_encoder_modules_embed_tokens_norm_type = L_model_modules_encoder_modules_embed_tokens_norm_type
        l_model_modules_encoder_modules_dropout_p = L_model_modules_encoder_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_norm_type
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_scaling
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_wi_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_ = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_DenseReluDense_modules_wo_parameters_weight_
        l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p = L_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_scaling
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_wi_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_dropout_p
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_ = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_DenseReluDense_modules_wo_parameters_weight_
        l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p = L_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p
        l_model_modules_encoder_modules_final_layer_norm_variance_epsilon = L_model_modules_encoder_modules_final_layer_norm_variance_epsilon
        l_model_modules_encoder_modules_final_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_final_layer_norm_parameters_weight_
        l_kw_decoder_input_ids_ = L_kw_decoder_input_ids_
        l_model_modules_decoder_modules_embed_tokens_norm_type = L_model_modules_decoder_modules_embed_tokens_norm_type
        l_model_modules_decoder_config_dict_dropout_rate_ = L_model_modules_decoder_config_dict_dropout_rate_
        l_model_modules_decoder_config_dict_layer_norm_epsilon_ = L_model_modules_decoder_config_dict_layer_norm_epsilon_
        l_model_modules_decoder_config_dict_initializer_factor_ = L_model_modules_decoder_config_dict_initializer_factor_
        l_model_modules_decoder_config_dict_classifier_dropout_ = L_model_modules_decoder_config_dict_classifier_dropout_
        l_model_modules_decoder_config_dict_dropout_ = L_model_modules_decoder_config_dict_dropout_
        l_model_modules_decoder_config_dict_attention_dropout_ = L_model_modules_decoder_config_dict_attention_dropout_
        l_model_modules_decoder_config_dict_activation_dropout_ = L_model_modules_decoder_config_dict_activation_dropout_
        l_model_modules_decoder_config_dict_hidden_dropout_prob_ = L_model_modules_decoder_config_dict_hidden_dropout_prob_
        l_model_modules_decoder_config_dict_attention_probs_dropout_prob_ = L_model_modules_decoder_config_dict_attention_probs_dropout_prob_
        l_model_modules_decoder_modules_dropout_p = L_model_modules_decoder_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_relative_attention_bias_norm_type
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_scaling
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_q_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_k_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_v_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_scaling = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_scaling
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_EncDecAttention_modules_o_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_wi_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_ = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_DenseReluDense_modules_wo_parameters_weight_
        l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dropout_p = L_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_q_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_k_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_v_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_scaling
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_SelfAttention_modules_o_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_q_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_k_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_v_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_scaling = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_scaling
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_EncDecAttention_modules_o_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_variance_epsilon = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_wi_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_dropout_p
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_ = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_DenseReluDense_modules_wo_parameters_weight_
        l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dropout_p = L_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dropout_p
        l_model_modules_decoder_modules_final_layer_norm_variance_epsilon = L_model_modules_decoder_modules_final_layer_norm_variance_epsilon
        l_model_modules_decoder_modules_final_layer_norm_parameters_weight_ = L_model_modules_decoder_modules_final_layer_norm_parameters_weight_

        # File: transformers/models/t5/modeling_t5.py:683 in forward, code: inputs_embeds = self.embed_tokens(input_ids)
        item: "Sym(zf48)" = l_model_modules_encoder_modules_embed_tokens_norm_type.item();  l_model_modules_encoder_modules_embed_tokens_norm_type = None
        inputs_embeds: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.embedding(l_kw_input_ids_, l_model_modules_encoder_modules_embed_tokens_parameters_weight_, None, None, item, False, False);  l_kw_input_ids_ = item = None

        # File: transformers/models/t5/modeling_t5.py:726 in forward, code: hidden_states = self.dropout(inputs_embeds)
        item_1: "Sym(0.0)" = l_model_modules_encoder_modules_dropout_p.item();  l_model_modules_encoder_modules_dropout_p = None
        hidden_states: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(inputs_embeds, item_1, False, False);  inputs_embeds = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states.to(torch.float32)
        pow_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = to.pow(2);  to = None
        variance: "f32[1, s34, 1][s34, 1, 1]cpu" = pow_1.mean(-1, keepdim = True);  pow_1 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_2: "Sym(zf47)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon = None
        add: "f32[1, s34, 1][s34, 1, 1]cpu" = variance + item_2;  variance = item_2 = None
        rsqrt: "f32[1, s34, 1][s34, 1, 1]cpu" = torch.rsqrt(add);  add = None
        hidden_states_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states * rsqrt;  rsqrt = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states: "f32[1, s34, 64][64*s34, 64, 1]cpu" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ * hidden_states_1;  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = hidden_states_1 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_, None);  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = None
        view: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear.view((1, s34, -1, 16));  linear = None
        query_states: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view.transpose(1, 2);  view = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_, None);  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = None
        view_1: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_1.view((1, s34, -1, 16));  linear_1 = None
        key_states: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_1.transpose(1, 2);  view_1 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_, None);  normed_hidden_states = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = None
        view_2: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_2.view((1, s34, -1, 16));  linear_2 = None
        value_states: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_2.transpose(1, 2);  view_2 = None

        # File: transformers/models/t5/modeling_t5.py:269 in compute_bias, code: context_position = torch.arange(query_length, dtype=torch.long, device=device)[:, None] + past_seen_tokens
        arange: "i64[s34][1]cpu" = torch.arange(s34, dtype = torch.int64, device = device(type='cpu'))
        getitem_16: "i64[s34, 1][1, 1]cpu" = arange[(slice(None, None, None), None)];  arange = None
        context_position: "i64[s34, 1][1, 1]cpu" = getitem_16 + 0;  getitem_16 = None

        # File: transformers/models/t5/modeling_t5.py:270 in compute_bias, code: memory_position = torch.arange(key_length, dtype=torch.long, device=device)[None, :]
        arange_1: "i64[s34][1]cpu" = torch.arange(s34, dtype = torch.int64, device = device(type='cpu'))
        memory_position: "i64[1, s34][s34, 1]cpu" = arange_1[(None, slice(None, None, None))];  arange_1 = None

        # File: transformers/models/t5/modeling_t5.py:271 in compute_bias, code: relative_position = memory_position - context_position  # shape (query_length, key_length)
        relative_position: "i64[s34, s34][s34, 1]cpu" = memory_position - context_position;  memory_position = context_position = None

        # File: transformers/models/t5/modeling_t5.py:242 in _relative_position_bucket, code: relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        gt: "b8[s34, s34][s34, 1]cpu" = relative_position > 0
        to_1: "i64[s34, s34][s34, 1]cpu" = gt.to(torch.int64);  gt = None
        mul_2: "i64[s34, s34][s34, 1]cpu" = to_1 * 4;  to_1 = None
        relative_buckets: "i64[s34, s34][s34, 1]cpu" = 0 + mul_2;  mul_2 = None

        # File: transformers/models/t5/modeling_t5.py:243 in _relative_position_bucket, code: relative_position = torch.abs(relative_position)
        relative_position_1: "i64[s34, s34][s34, 1]cpu" = torch.abs(relative_position);  relative_position = None

        # File: transformers/models/t5/modeling_t5.py:250 in _relative_position_bucket, code: is_small = relative_position < max_exact
        is_small: "b8[s34, s34][s34, 1]cpu" = relative_position_1 < 2

        # File: transformers/models/t5/modeling_t5.py:254 in _relative_position_bucket, code: torch.log(relative_position.float() / max_exact)
        float_1: "f32[s34, s34][s34, 1]cpu" = relative_position_1.float()
        truediv: "f32[s34, s34][s34, 1]cpu" = float_1 / 2;  float_1 = None
        log: "f32[s34, s34][s34, 1]cpu" = torch.log(truediv);  truediv = None
        truediv_1: "f32[s34, s34][s34, 1]cpu" = log / 2.0794415416798357;  log = None
        mul_3: "f32[s34, s34][s34, 1]cpu" = truediv_1 * 2;  truediv_1 = None

        # File: transformers/models/t5/modeling_t5.py:257 in _relative_position_bucket, code: ).to(torch.long)
        to_2: "i64[s34, s34][s34, 1]cpu" = mul_3.to(torch.int64);  mul_3 = None

        # File: transformers/models/t5/modeling_t5.py:253 in _relative_position_bucket, code: relative_position_if_large = max_exact + (
        relative_position_if_large: "i64[s34, s34][s34, 1]cpu" = 2 + to_2;  to_2 = None

        # File: transformers/models/t5/modeling_t5.py:259 in _relative_position_bucket, code: relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
        full_like: "i64[s34, s34][s34, 1]cpu" = torch.full_like(relative_position_if_large, 3)

        # File: transformers/models/t5/modeling_t5.py:258 in _relative_position_bucket, code: relative_position_if_large = torch.min(
        relative_position_if_large_1: "i64[s34, s34][s34, 1]cpu" = torch.min(relative_position_if_large, full_like);  relative_position_if_large = full_like = None

        # File: transformers/models/t5/modeling_t5.py:262 in _relative_position_bucket, code: relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
        where: "i64[s34, s34][s34, 1]cpu" = torch.where(is_small, relative_position_1, relative_position_if_large_1);  is_small = relative_position_1 = relative_position_if_large_1 = None
        relative_buckets += where;  relative_buckets_1: "i64[s34, s34][s34, 1]cpu" = relative_buckets;  relative_buckets = where = None

        # File: transformers/models/t5/modeling_t5.py:278 in compute_bias, code: values = self.relative_attention_bias(relative_position_bucket)  # shape (query_length, key_length, num_heads)
        item_3: "Sym(zf33)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type = None
        values: "f32[s34, s34, 4][4*s34, 4, 1]cpu" = torch.nn.functional.embedding(relative_buckets_1, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_, None, None, item_3, False, False);  relative_buckets_1 = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_ = item_3 = None

        # File: transformers/models/t5/modeling_t5.py:279 in compute_bias, code: values = values.permute([2, 0, 1]).unsqueeze(0)  # shape (1, num_heads, query_length, key_length)
        permute: "f32[4, s34, s34][1, 4*s34, 4]cpu" = values.permute([2, 0, 1]);  values = None
        values_1: "f32[1, 4, s34, s34][4, 1, 4*s34, 4]cpu" = permute.unsqueeze(0);  permute = None

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask: "f32[1, 4, s34, s34][4*s34**2, s34**2, s34, 1]cpu" = values_1.contiguous()

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_4: "Sym(1.00000000000000)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling = None
        attn_output: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states, key_states, value_states, attn_mask = attention_mask, dropout_p = 0.0, scale = item_4, is_causal = False);  query_states = key_states = value_states = attention_mask = item_4 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = attn_output.reshape(1, -1, s34, 16);  attn_output = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_3: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = attn_output_1.transpose(1, 2);  attn_output_1 = None
        attn_output_2: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = transpose_3.contiguous();  transpose_3 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attn_output_2.reshape(1, s34, -1);  attn_output_2 = None
        attn_output_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = reshape_1.contiguous();  reshape_1 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_4: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(attn_output_3, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_, None);  attn_output_3 = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:403 in forward, code: attention_output = hidden_states + self.dropout(attention_output)
        item_5: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p = None
        dropout_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_4, item_5, False, False);  attn_output_4 = item_5 = None
        attention_output: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states + dropout_1;  hidden_states = dropout_1 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output.to(torch.float32)
        pow_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = to_3.pow(2);  to_3 = None
        variance_1: "f32[1, s34, 1][s34, 1, 1]cpu" = pow_2.mean(-1, keepdim = True);  pow_2 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_6: "Sym(zf49)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon = None
        add_5: "f32[1, s34, 1][s34, 1, 1]cpu" = variance_1 + item_6;  variance_1 = item_6 = None
        rsqrt_1: "f32[1, s34, 1][s34, 1, 1]cpu" = torch.rsqrt(add_5);  add_5 = None
        hidden_states_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output * rsqrt_1;  rsqrt_1 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        forwarded_states: "f32[1, s34, 64][64*s34, 64, 1]cpu" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ * hidden_states_2;  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = hidden_states_2 = None

        # File: transformers/models/t5/modeling_t5.py:85 in forward, code: hidden_states = self.wi(hidden_states)
        hidden_states_3: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.linear(forwarded_states, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_, None);  forwarded_states = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:86 in forward, code: hidden_states = self.act(hidden_states)
        hidden_states_4: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch.nn.functional.relu(hidden_states_3, inplace = False);  hidden_states_3 = None

        # File: transformers/models/t5/modeling_t5.py:87 in forward, code: hidden_states = self.dropout(hidden_states)
        item_7: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p = None
        hidden_states_5: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch.nn.functional.dropout(hidden_states_4, item_7, False, False);  hidden_states_4 = item_7 = None

        # File: transformers/models/t5/modeling_t5.py:94 in forward, code: hidden_states = self.wo(hidden_states)
        hidden_states_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_5, l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_, None);  hidden_states_5 = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:141 in forward, code: hidden_states = hidden_states + self.dropout(forwarded_states)
        item_8: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p = None
        dropout_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_6, item_8, False, False);  hidden_states_6 = item_8 = None
        hidden_states_7: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output + dropout_3;  attention_output = dropout_3 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_4: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_7.to(torch.float32)
        pow_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = to_4.pow(2);  to_4 = None
        variance_2: "f32[1, s34, 1][s34, 1, 1]cpu" = pow_3.mean(-1, keepdim = True);  pow_3 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_9: "Sym(zf83)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon = None
        add_7: "f32[1, s34, 1][s34, 1, 1]cpu" = variance_2 + item_9;  variance_2 = item_9 = None
        rsqrt_2: "f32[1, s34, 1][s34, 1, 1]cpu" = torch.rsqrt(add_7);  add_7 = None
        hidden_states_8: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_7 * rsqrt_2;  rsqrt_2 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ * hidden_states_8;  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = hidden_states_8 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_1, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_, None);  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = None
        view_3: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_6.view((1, s34, -1, 16));  linear_6 = None
        query_states_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_3.transpose(1, 2);  view_3 = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_7: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_1, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_, None);  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = None
        view_4: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_7.view((1, s34, -1, 16));  linear_7 = None
        key_states_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_4.transpose(1, 2);  view_4 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_8: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_1, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_, None);  normed_hidden_states_1 = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = None
        view_5: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_8.view((1, s34, -1, 16));  linear_8 = None
        value_states_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_5.transpose(1, 2);  view_5 = None

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask_1: "f32[1, 4, s34, s34][4*s34**2, s34**2, s34, 1]cpu" = values_1.contiguous();  values_1 = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_10: "Sym(1.00000000000000)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling = None
        attn_output_5: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states_1, key_states_1, value_states_1, attn_mask = attention_mask_1, dropout_p = 0.0, scale = item_10, is_causal = False);  query_states_1 = key_states_1 = value_states_1 = attention_mask_1 = item_10 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_6: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = attn_output_5.reshape(1, -1, s34, 16);  attn_output_5 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_7: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = attn_output_6.transpose(1, 2);  attn_output_6 = None
        attn_output_7: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = transpose_7.contiguous();  transpose_7 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attn_output_7.reshape(1, s34, -1);  attn_output_7 = None
        attn_output_8: "f32[1, s34, 64][64*s34, 64, 1]cpu" = reshape_3.contiguous();  reshape_3 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_9: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(attn_output_8, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_, None);  attn_output_8 = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:403 in forward, code: attention_output = hidden_states + self.dropout(attention_output)
        item_11: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p = None
        dropout_4: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_9, item_11, False, False);  attn_output_9 = item_11 = None
        attention_output_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_7 + dropout_4;  hidden_states_7 = dropout_4 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_5: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output_1.to(torch.float32)
        pow_4: "f32[1, s34, 64][64*s34, 64, 1]cpu" = to_5.pow(2);  to_5 = None
        variance_3: "f32[1, s34, 1][s34, 1, 1]cpu" = pow_4.mean(-1, keepdim = True);  pow_4 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_12: "Sym(zf74)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon = None
        add_9: "f32[1, s34, 1][s34, 1, 1]cpu" = variance_3 + item_12;  variance_3 = item_12 = None
        rsqrt_3: "f32[1, s34, 1][s34, 1, 1]cpu" = torch.rsqrt(add_9);  add_9 = None
        hidden_states_9: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output_1 * rsqrt_3;  rsqrt_3 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        forwarded_states_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ * hidden_states_9;  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = hidden_states_9 = None

        # File: transformers/models/t5/modeling_t5.py:85 in forward, code: hidden_states = self.wi(hidden_states)
        hidden_states_10: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.linear(forwarded_states_1, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_, None);  forwarded_states_1 = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wi_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:86 in forward, code: hidden_states = self.act(hidden_states)
        hidden_states_11: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch.nn.functional.relu(hidden_states_10, inplace = False);  hidden_states_10 = None

        # File: transformers/models/t5/modeling_t5.py:87 in forward, code: hidden_states = self.dropout(hidden_states)
        item_13: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_dropout_p = None
        hidden_states_12: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch.nn.functional.dropout(hidden_states_11, item_13, False, False);  hidden_states_11 = item_13 = None

        # File: transformers/models/t5/modeling_t5.py:94 in forward, code: hidden_states = self.wo(hidden_states)
        hidden_states_13: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_12, l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_, None);  hidden_states_12 = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dense_relu_dense_modules_wo_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:141 in forward, code: hidden_states = hidden_states + self.dropout(forwarded_states)
        item_14: "Sym(0.0)" = l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p.item();  l_model_modules_encoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p = None
        dropout_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_13, item_14, False, False);  hidden_states_13 = item_14 = None
        hidden_states_14: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attention_output_1 + dropout_6;  attention_output_1 = dropout_6 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_14.to(torch.float32)
        pow_5: "f32[1, s34, 64][64*s34, 64, 1]cpu" = to_6.pow(2);  to_6 = None
        variance_4: "f32[1, s34, 1][s34, 1, 1]cpu" = pow_5.mean(-1, keepdim = True);  pow_5 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_15: "Sym(zf27)" = l_model_modules_encoder_modules_final_layer_norm_variance_epsilon.item();  l_model_modules_encoder_modules_final_layer_norm_variance_epsilon = None
        add_11: "f32[1, s34, 1][s34, 1, 1]cpu" = variance_4 + item_15;  variance_4 = item_15 = None
        rsqrt_4: "f32[1, s34, 1][s34, 1, 1]cpu" = torch.rsqrt(add_11);  add_11 = None
        hidden_states_15: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_14 * rsqrt_4;  hidden_states_14 = rsqrt_4 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        hidden_states_16: "f32[1, s34, 64][64*s34, 64, 1]cpu" = l_model_modules_encoder_modules_final_layer_norm_parameters_weight_ * hidden_states_15;  l_model_modules_encoder_modules_final_layer_norm_parameters_weight_ = hidden_states_15 = None

        # File: transformers/models/t5/modeling_t5.py:746 in forward, code: hidden_states = self.dropout(hidden_states)
        hidden_states_17: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_16, item_1, False, False);  hidden_states_16 = item_1 = None

        # File: transformers/models/t5/modeling_t5.py:683 in forward, code: inputs_embeds = self.embed_tokens(input_ids)
        item_16: "Sym(zf50)" = l_model_modules_decoder_modules_embed_tokens_norm_type.item();  l_model_modules_decoder_modules_embed_tokens_norm_type = None
        inputs_embeds_1: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.embedding(l_kw_decoder_input_ids_, l_model_modules_encoder_modules_embed_tokens_parameters_weight_, None, None, item_16, False, False);  l_kw_decoder_input_ids_ = item_16 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_17: "Sym(zf21)" = l_model_modules_decoder_config_dict_dropout_rate_.item();  l_model_modules_decoder_config_dict_dropout_rate_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not = _operator_is_not(item_17, item_17);  is_not = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_18: "Sym(zf51)" = l_model_modules_decoder_config_dict_layer_norm_epsilon_.item();  l_model_modules_decoder_config_dict_layer_norm_epsilon_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_1 = _operator_is_not(item_18, item_18);  is_not_1 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_19: "Sym(zf40)" = l_model_modules_decoder_config_dict_initializer_factor_.item();  l_model_modules_decoder_config_dict_initializer_factor_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_2 = _operator_is_not(item_19, item_19);  is_not_2 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_20: "Sym(zf30)" = l_model_modules_decoder_config_dict_classifier_dropout_.item();  l_model_modules_decoder_config_dict_classifier_dropout_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_3 = _operator_is_not(item_20, item_20);  is_not_3 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_21: "Sym(zf16)" = l_model_modules_decoder_config_dict_dropout_.item();  l_model_modules_decoder_config_dict_dropout_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_4 = _operator_is_not(item_21, item_21);  is_not_4 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_22: "Sym(zf73)" = l_model_modules_decoder_config_dict_attention_dropout_.item();  l_model_modules_decoder_config_dict_attention_dropout_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_5 = _operator_is_not(item_22, item_22);  is_not_5 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_23: "Sym(zf31)" = l_model_modules_decoder_config_dict_activation_dropout_.item();  l_model_modules_decoder_config_dict_activation_dropout_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_6 = _operator_is_not(item_23, item_23);  is_not_6 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_24: "Sym(zf14)" = l_model_modules_decoder_config_dict_hidden_dropout_prob_.item();  l_model_modules_decoder_config_dict_hidden_dropout_prob_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_7 = _operator_is_not(item_24, item_24);  is_not_7 = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:137 in deepcopy, code: d = id(x)
        item_25: "Sym(zf8)" = l_model_modules_decoder_config_dict_attention_probs_dropout_prob_.item();  l_model_modules_decoder_config_dict_attention_probs_dropout_prob_ = None

        # File: /root/.pyenv/versions/3.11.7/lib/python3.11/copy.py:175 in deepcopy, code: if y is not x:
        is_not_8 = _operator_is_not(item_25, item_25);  is_not_8 = None
        is_not_9 = _operator_is_not(item_17, item_17);  is_not_9 = None
        is_not_10 = _operator_is_not(item_18, item_18);  is_not_10 = None
        is_not_11 = _operator_is_not(item_19, item_19);  is_not_11 = None
        is_not_12 = _operator_is_not(item_20, item_20);  is_not_12 = None
        is_not_13 = _operator_is_not(item_21, item_21);  is_not_13 = None
        is_not_14 = _operator_is_not(item_22, item_22);  is_not_14 = None
        is_not_15 = _operator_is_not(item_23, item_23);  is_not_15 = None
        is_not_16 = _operator_is_not(item_24, item_24);  is_not_16 = None
        is_not_17 = _operator_is_not(item_25, item_25);  is_not_17 = None
        is_not_18 = _operator_is_not(item_17, item_17);  is_not_18 = None
        is_not_19 = _operator_is_not(item_18, item_18);  is_not_19 = None
        is_not_20 = _operator_is_not(item_19, item_19);  is_not_20 = None
        is_not_21 = _operator_is_not(item_20, item_20);  is_not_21 = None
        is_not_22 = _operator_is_not(item_21, item_21);  is_not_22 = None
        is_not_23 = _operator_is_not(item_22, item_22);  is_not_23 = None
        is_not_24 = _operator_is_not(item_23, item_23);  is_not_24 = None
        is_not_25 = _operator_is_not(item_24, item_24);  is_not_25 = None
        is_not_26 = _operator_is_not(item_25, item_25);  is_not_26 = None
        is_not_27 = _operator_is_not(item_17, item_17);  item_17 = is_not_27 = None
        is_not_28 = _operator_is_not(item_18, item_18);  item_18 = is_not_28 = None
        is_not_29 = _operator_is_not(item_19, item_19);  item_19 = is_not_29 = None
        is_not_30 = _operator_is_not(item_20, item_20);  item_20 = is_not_30 = None
        is_not_31 = _operator_is_not(item_21, item_21);  item_21 = is_not_31 = None
        is_not_32 = _operator_is_not(item_22, item_22);  item_22 = is_not_32 = None
        is_not_33 = _operator_is_not(item_23, item_23);  item_23 = is_not_33 = None
        is_not_34 = _operator_is_not(item_24, item_24);  item_24 = is_not_34 = None
        is_not_35 = _operator_is_not(item_25, item_25);  item_25 = is_not_35 = None

        # File: transformers/models/t5/modeling_t5.py:726 in forward, code: hidden_states = self.dropout(inputs_embeds)
        item_26: "Sym(0.0)" = l_model_modules_decoder_modules_dropout_p.item();  l_model_modules_decoder_modules_dropout_p = None
        hidden_states_18: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(inputs_embeds_1, item_26, False, False);  inputs_embeds_1 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_7: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_18.to(torch.float32)
        pow_6: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_7.pow(2);  to_7 = None
        variance_5: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_6.mean(-1, keepdim = True);  pow_6 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_27: "Sym(zf17)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_variance_epsilon = None
        add_13: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_5 + item_27;  variance_5 = item_27 = None
        rsqrt_5: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_13);  add_13 = None
        hidden_states_19: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_18 * rsqrt_5;  rsqrt_5 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states_2: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ * hidden_states_19;  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = hidden_states_19 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear_12: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_2, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = None
        view_6: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_12.view((1, s43, -1, 16));  linear_12 = None
        query_states_2: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_6.transpose(1, 2);  view_6 = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_13: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_2, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = None
        view_7: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_13.view((1, s43, -1, 16));  linear_13 = None
        key_states_2: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_7.transpose(1, 2);  view_7 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_14: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_2, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_, None);  normed_hidden_states_2 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = None
        view_8: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_14.view((1, s43, -1, 16));  linear_14 = None
        value_states_2: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_8.transpose(1, 2);  view_8 = None

        # File: transformers/cache_utils.py:115 in lazy_initialization, code: self.keys = torch.tensor([], dtype=key_states.dtype, device=self.device)
        tensor: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:116 in lazy_initialization, code: self.values = torch.tensor([], dtype=value_states.dtype, device=self.device)
        tensor_1: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:136 in update, code: self.keys = torch.cat([self.keys, key_states], dim=-2)
        keys: "f32[1, 4, s43, 16][64*s43, 16*s43, 16, 1]cpu" = torch.cat([tensor, key_states_2], dim = -2);  tensor = key_states_2 = None

        # File: transformers/cache_utils.py:137 in update, code: self.values = torch.cat([self.values, value_states], dim=-2)
        values_2: "f32[1, 4, s43, 16][64*s43, 16*s43, 16, 1]cpu" = torch.cat([tensor_1, value_states_2], dim = -2);  tensor_1 = value_states_2 = None

        # File: transformers/models/t5/modeling_t5.py:269 in compute_bias, code: context_position = torch.arange(query_length, dtype=torch.long, device=device)[:, None] + past_seen_tokens
        arange_2: "i64[s43][1]cpu" = torch.arange(s43, dtype = torch.int64, device = device(type='cpu'))
        getitem_81: "i64[s43, 1][1, 1]cpu" = arange_2[(slice(None, None, None), None)];  arange_2 = None
        context_position_1: "i64[s43, 1][1, 1]cpu" = getitem_81 + 0;  getitem_81 = None

        # File: transformers/models/t5/modeling_t5.py:270 in compute_bias, code: memory_position = torch.arange(key_length, dtype=torch.long, device=device)[None, :]
        arange_3: "i64[s43][1]cpu" = torch.arange(s43, dtype = torch.int64, device = device(type='cpu'))
        memory_position_1: "i64[1, s43][s43, 1]cpu" = arange_3[(None, slice(None, None, None))];  arange_3 = None

        # File: transformers/models/t5/modeling_t5.py:271 in compute_bias, code: relative_position = memory_position - context_position  # shape (query_length, key_length)
        relative_position_2: "i64[s43, s43][s43, 1]cpu" = memory_position_1 - context_position_1;  memory_position_1 = context_position_1 = None

        # File: transformers/models/t5/modeling_t5.py:245 in _relative_position_bucket, code: relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
        zeros_like: "i64[s43, s43][s43, 1]cpu" = torch.zeros_like(relative_position_2)
        min_2: "i64[s43, s43][s43, 1]cpu" = torch.min(relative_position_2, zeros_like);  relative_position_2 = zeros_like = None
        relative_position_3: "i64[s43, s43][s43, 1]cpu" = -min_2;  min_2 = None

        # File: transformers/models/t5/modeling_t5.py:250 in _relative_position_bucket, code: is_small = relative_position < max_exact
        is_small_1: "b8[s43, s43][s43, 1]cpu" = relative_position_3 < 4

        # File: transformers/models/t5/modeling_t5.py:254 in _relative_position_bucket, code: torch.log(relative_position.float() / max_exact)
        float_2: "f32[s43, s43][s43, 1]cpu" = relative_position_3.float()
        truediv_2: "f32[s43, s43][s43, 1]cpu" = float_2 / 4;  float_2 = None
        log_1: "f32[s43, s43][s43, 1]cpu" = torch.log(truediv_2);  truediv_2 = None
        truediv_3: "f32[s43, s43][s43, 1]cpu" = log_1 / 1.3862943611198906;  log_1 = None
        mul_14: "f32[s43, s43][s43, 1]cpu" = truediv_3 * 4;  truediv_3 = None

        # File: transformers/models/t5/modeling_t5.py:257 in _relative_position_bucket, code: ).to(torch.long)
        to_8: "i64[s43, s43][s43, 1]cpu" = mul_14.to(torch.int64);  mul_14 = None

        # File: transformers/models/t5/modeling_t5.py:253 in _relative_position_bucket, code: relative_position_if_large = max_exact + (
        relative_position_if_large_2: "i64[s43, s43][s43, 1]cpu" = 4 + to_8;  to_8 = None

        # File: transformers/models/t5/modeling_t5.py:259 in _relative_position_bucket, code: relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
        full_like_1: "i64[s43, s43][s43, 1]cpu" = torch.full_like(relative_position_if_large_2, 7)

        # File: transformers/models/t5/modeling_t5.py:258 in _relative_position_bucket, code: relative_position_if_large = torch.min(
        relative_position_if_large_3: "i64[s43, s43][s43, 1]cpu" = torch.min(relative_position_if_large_2, full_like_1);  relative_position_if_large_2 = full_like_1 = None

        # File: transformers/models/t5/modeling_t5.py:262 in _relative_position_bucket, code: relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
        where_1: "i64[s43, s43][s43, 1]cpu" = torch.where(is_small_1, relative_position_3, relative_position_if_large_3);  is_small_1 = relative_position_3 = relative_position_if_large_3 = None
        relative_buckets_2: "i64[s43, s43][s43, 1]cpu" = 0 + where_1;  where_1 = None

        # File: transformers/models/t5/modeling_t5.py:278 in compute_bias, code: values = self.relative_attention_bias(relative_position_bucket)  # shape (query_length, key_length, num_heads)
        item_28: "Sym(zf13)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_norm_type = None
        values_3: "f32[s43, s43, 4][4*s43, 4, 1]cpu" = torch.nn.functional.embedding(relative_buckets_2, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_, None, None, item_28, False, False);  relative_buckets_2 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_relative_attention_bias_parameters_weight_ = item_28 = None

        # File: transformers/models/t5/modeling_t5.py:279 in compute_bias, code: values = values.permute([2, 0, 1]).unsqueeze(0)  # shape (1, num_heads, query_length, key_length)
        permute_1: "f32[4, s43, s43][1, 4*s43, 4]cpu" = values_3.permute([2, 0, 1]);  values_3 = None
        values_4: "f32[1, 4, s43, s43][4, 1, 4*s43, 4]cpu" = permute_1.unsqueeze(0);  permute_1 = None

        # File: transformers/integrations/sdpa_attention.py:78 in create_position_bias_mask, code: torch.arange(q_length, device=device)[:, None] >= torch.arange(kv_length, device=device)[None, :]
        arange_4: "i64[s43][1]cpu" = torch.arange(s43, device = device(type='cpu'))
        getitem_99: "i64[s43, 1][1, 1]cpu" = arange_4[(slice(None, None, None), None)];  arange_4 = None
        arange_5: "i64[s43][1]cpu" = torch.arange(s43, device = device(type='cpu'))
        getitem_100: "i64[1, s43][s43, 1]cpu" = arange_5[(None, slice(None, None, None))];  arange_5 = None
        causal_mask: "b8[s43, s43][s43, 1]cpu" = getitem_99 >= getitem_100;  getitem_99 = getitem_100 = None

        # File: transformers/integrations/sdpa_attention.py:80 in create_position_bias_mask, code: causal_mask = causal_mask.view(1, 1, q_length, kv_length)
        causal_mask_1: "b8[1, 1, s43, s43][s43**2, s43**2, s43, 1]cpu" = causal_mask.view(1, 1, s43, s43);  causal_mask = None

        # File: transformers/integrations/sdpa_attention.py:81 in create_position_bias_mask, code: position_bias_mask = torch.where(causal_mask, position_bias, min_dtype)
        position_bias_mask: "f32[1, 4, s43, s43][4*s43**2, 1, 4*s43, 4]cpu" = torch.where(causal_mask_1, values_4, -3.4028234663852886e+38);  causal_mask_1 = None

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask_2: "f32[1, 4, s43, s43][4*s43**2, s43**2, s43, 1]cpu" = position_bias_mask.contiguous();  position_bias_mask = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_29: "Sym(1.00000000000000)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling = None
        attn_output_10: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states_2, keys, values_2, attn_mask = attention_mask_2, dropout_p = 0.0, scale = item_29, is_causal = False);  query_states_2 = keys = values_2 = attention_mask_2 = item_29 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_11: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = attn_output_10.reshape(1, -1, s43, 16);  attn_output_10 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_11: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = attn_output_11.transpose(1, 2);  attn_output_11 = None
        attn_output_12: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = transpose_11.contiguous();  transpose_11 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_5: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attn_output_12.reshape(1, s43, -1);  attn_output_12 = None
        attn_output_13: "f32[1, s43, 64][64*s43, 64, 1]cpu" = reshape_5.contiguous();  reshape_5 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_14: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(attn_output_13, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_, None);  attn_output_13 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:403 in forward, code: attention_output = hidden_states + self.dropout(attention_output)
        item_30: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_0_modules_dropout_p = None
        dropout_9: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_14, item_30, False, False);  attn_output_14 = item_30 = None
        attention_output_2: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_18 + dropout_9;  hidden_states_18 = dropout_9 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_9: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_2.to(torch.float32)
        pow_7: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_9.pow(2);  to_9 = None
        variance_6: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_7.mean(-1, keepdim = True);  pow_7 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_31: "Sym(zf89)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_variance_epsilon = None
        add_18: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_6 + item_31;  variance_6 = item_31 = None
        rsqrt_6: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_18);  add_18 = None
        hidden_states_20: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_2 * rsqrt_6;  rsqrt_6 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states_3: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ * hidden_states_20;  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = hidden_states_20 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear_16: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_3, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_, None);  normed_hidden_states_3 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_ = None
        view_10: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_16.view((1, s43, -1, 16));  linear_16 = None
        query_states_3: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_10.transpose(1, 2);  view_10 = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_17: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_17, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_ = None
        view_11: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_17.view((1, s34, -1, 16));  linear_17 = None
        key_states_3: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_11.transpose(1, 2);  view_11 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_18: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_17, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_ = None
        view_12: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_18.view((1, s34, -1, 16));  linear_18 = None
        value_states_3: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_12.transpose(1, 2);  view_12 = None

        # File: transformers/cache_utils.py:115 in lazy_initialization, code: self.keys = torch.tensor([], dtype=key_states.dtype, device=self.device)
        tensor_2: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:116 in lazy_initialization, code: self.values = torch.tensor([], dtype=value_states.dtype, device=self.device)
        tensor_3: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:136 in update, code: self.keys = torch.cat([self.keys, key_states], dim=-2)
        keys_1: "f32[1, 4, s34, 16][64*s34, 16*s34, 16, 1]cpu" = torch.cat([tensor_2, key_states_3], dim = -2);  tensor_2 = key_states_3 = None

        # File: transformers/cache_utils.py:137 in update, code: self.values = torch.cat([self.values, value_states], dim=-2)
        values_5: "f32[1, 4, s34, 16][64*s34, 16*s34, 16, 1]cpu" = torch.cat([tensor_3, value_states_3], dim = -2);  tensor_3 = value_states_3 = None

        # File: transformers/models/t5/modeling_t5.py:340 in forward, code: position_bias = torch.zeros(
        position_bias: "f32[1, 4, s43, s34][4*s34*s43, s34*s43, s34, 1]cpu" = torch.zeros((1, 4, s43, s34), device = device(type='cpu'), dtype = torch.float32)

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask_3: "f32[1, 4, s43, s34][4*s34*s43, s34*s43, s34, 1]cpu" = position_bias.contiguous()

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_32: "Sym(1.00000000000000)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_scaling.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_scaling = None
        attn_output_15: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states_3, keys_1, values_5, attn_mask = attention_mask_3, dropout_p = 0.0, scale = item_32, is_causal = False);  query_states_3 = keys_1 = values_5 = attention_mask_3 = item_32 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_16: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = attn_output_15.reshape(1, -1, s43, 16);  attn_output_15 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_15: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = attn_output_16.transpose(1, 2);  attn_output_16 = None
        attn_output_17: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = transpose_15.contiguous();  transpose_15 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_7: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attn_output_17.reshape(1, s43, -1);  attn_output_17 = None
        attn_output_18: "f32[1, s43, 64][64*s43, 64, 1]cpu" = reshape_7.contiguous();  reshape_7 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_19: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(attn_output_18, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_, None);  attn_output_18 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:435 in forward, code: layer_output = hidden_states + self.dropout(attention_output)
        item_33: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_1_modules_dropout_p = None
        dropout_10: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_19, item_33, False, False);  attn_output_19 = item_33 = None
        layer_output: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_2 + dropout_10;  attention_output_2 = dropout_10 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_10: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output.to(torch.float32)
        pow_8: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_10.pow(2);  to_10 = None
        variance_7: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_8.mean(-1, keepdim = True);  pow_8 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_34: "Sym(zf80)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_variance_epsilon = None
        add_20: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_7 + item_34;  variance_7 = item_34 = None
        rsqrt_7: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_20);  add_20 = None
        hidden_states_21: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output * rsqrt_7;  rsqrt_7 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        forwarded_states_2: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_parameters_weight_ * hidden_states_21;  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_layer_norm_parameters_weight_ = hidden_states_21 = None

        # File: transformers/models/t5/modeling_t5.py:85 in forward, code: hidden_states = self.wi(hidden_states)
        hidden_states_22: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch._C._nn.linear(forwarded_states_2, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_, None);  forwarded_states_2 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:86 in forward, code: hidden_states = self.act(hidden_states)
        hidden_states_23: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch.nn.functional.relu(hidden_states_22, inplace = False);  hidden_states_22 = None

        # File: transformers/models/t5/modeling_t5.py:87 in forward, code: hidden_states = self.dropout(hidden_states)
        item_35: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p = None
        hidden_states_24: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch.nn.functional.dropout(hidden_states_23, item_35, False, False);  hidden_states_23 = item_35 = None

        # File: transformers/models/t5/modeling_t5.py:94 in forward, code: hidden_states = self.wo(hidden_states)
        hidden_states_25: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(hidden_states_24, l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_, None);  hidden_states_24 = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:141 in forward, code: hidden_states = hidden_states + self.dropout(forwarded_states)
        item_36: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_0_modules_layer_modules_2_modules_dropout_p = None
        dropout_12: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_25, item_36, False, False);  hidden_states_25 = item_36 = None
        hidden_states_26: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output + dropout_12;  layer_output = dropout_12 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_11: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_26.to(torch.float32)
        pow_9: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_11.pow(2);  to_11 = None
        variance_8: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_9.mean(-1, keepdim = True);  pow_9 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_37: "Sym(zf90)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_variance_epsilon = None
        add_22: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_8 + item_37;  variance_8 = item_37 = None
        rsqrt_8: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_22);  add_22 = None
        hidden_states_27: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_26 * rsqrt_8;  rsqrt_8 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states_4: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ * hidden_states_27;  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_layer_norm_parameters_weight_ = hidden_states_27 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear_22: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_4, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_q_parameters_weight_ = None
        view_13: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_22.view((1, s43, -1, 16));  linear_22 = None
        query_states_4: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_13.transpose(1, 2);  view_13 = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_23: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_4, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_k_parameters_weight_ = None
        view_14: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_23.view((1, s43, -1, 16));  linear_23 = None
        key_states_4: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_14.transpose(1, 2);  view_14 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_24: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_4, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_, None);  normed_hidden_states_4 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_v_parameters_weight_ = None
        view_15: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_24.view((1, s43, -1, 16));  linear_24 = None
        value_states_4: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_15.transpose(1, 2);  view_15 = None

        # File: transformers/cache_utils.py:115 in lazy_initialization, code: self.keys = torch.tensor([], dtype=key_states.dtype, device=self.device)
        tensor_4: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:116 in lazy_initialization, code: self.values = torch.tensor([], dtype=value_states.dtype, device=self.device)
        tensor_5: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:136 in update, code: self.keys = torch.cat([self.keys, key_states], dim=-2)
        keys_2: "f32[1, 4, s43, 16][64*s43, 16*s43, 16, 1]cpu" = torch.cat([tensor_4, key_states_4], dim = -2);  tensor_4 = key_states_4 = None

        # File: transformers/cache_utils.py:137 in update, code: self.values = torch.cat([self.values, value_states], dim=-2)
        values_6: "f32[1, 4, s43, 16][64*s43, 16*s43, 16, 1]cpu" = torch.cat([tensor_5, value_states_4], dim = -2);  tensor_5 = value_states_4 = None

        # File: transformers/integrations/sdpa_attention.py:78 in create_position_bias_mask, code: torch.arange(q_length, device=device)[:, None] >= torch.arange(kv_length, device=device)[None, :]
        arange_6: "i64[s43][1]cpu" = torch.arange(s43, device = device(type='cpu'))
        getitem_161: "i64[s43, 1][1, 1]cpu" = arange_6[(slice(None, None, None), None)];  arange_6 = None
        arange_7: "i64[s43][1]cpu" = torch.arange(s43, device = device(type='cpu'))
        getitem_162: "i64[1, s43][s43, 1]cpu" = arange_7[(None, slice(None, None, None))];  arange_7 = None
        causal_mask_2: "b8[s43, s43][s43, 1]cpu" = getitem_161 >= getitem_162;  getitem_161 = getitem_162 = None

        # File: transformers/integrations/sdpa_attention.py:80 in create_position_bias_mask, code: causal_mask = causal_mask.view(1, 1, q_length, kv_length)
        causal_mask_3: "b8[1, 1, s43, s43][s43**2, s43**2, s43, 1]cpu" = causal_mask_2.view(1, 1, s43, s43);  causal_mask_2 = None

        # File: transformers/integrations/sdpa_attention.py:81 in create_position_bias_mask, code: position_bias_mask = torch.where(causal_mask, position_bias, min_dtype)
        position_bias_mask_1: "f32[1, 4, s43, s43][4*s43**2, 1, 4*s43, 4]cpu" = torch.where(causal_mask_3, values_4, -3.4028234663852886e+38);  causal_mask_3 = values_4 = None

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask_4: "f32[1, 4, s43, s43][4*s43**2, s43**2, s43, 1]cpu" = position_bias_mask_1.contiguous();  position_bias_mask_1 = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_38: "Sym(1.00000000000000)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_scaling = None
        attn_output_20: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states_4, keys_2, values_6, attn_mask = attention_mask_4, dropout_p = 0.0, scale = item_38, is_causal = False);  query_states_4 = keys_2 = values_6 = attention_mask_4 = item_38 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_21: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = attn_output_20.reshape(1, -1, s43, 16);  attn_output_20 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_19: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = attn_output_21.transpose(1, 2);  attn_output_21 = None
        attn_output_22: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = transpose_19.contiguous();  transpose_19 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_9: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attn_output_22.reshape(1, s43, -1);  attn_output_22 = None
        attn_output_23: "f32[1, s43, 64][64*s43, 64, 1]cpu" = reshape_9.contiguous();  reshape_9 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_24: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(attn_output_23, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_, None);  attn_output_23 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_self_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:403 in forward, code: attention_output = hidden_states + self.dropout(attention_output)
        item_39: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_0_modules_dropout_p = None
        dropout_13: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_24, item_39, False, False);  attn_output_24 = item_39 = None
        attention_output_3: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_26 + dropout_13;  hidden_states_26 = dropout_13 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_12: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_3.to(torch.float32)
        pow_10: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_12.pow(2);  to_12 = None
        variance_9: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_10.mean(-1, keepdim = True);  pow_10 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_40: "Sym(zf75)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_variance_epsilon = None
        add_24: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_9 + item_40;  variance_9 = item_40 = None
        rsqrt_9: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_24);  add_24 = None
        hidden_states_28: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_3 * rsqrt_9;  rsqrt_9 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        normed_hidden_states_5: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ * hidden_states_28;  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_layer_norm_parameters_weight_ = hidden_states_28 = None

        # File: transformers/models/t5/modeling_t5.py:306 in forward, code: query_states = self.q(hidden_states).view(hidden_shape).transpose(1, 2)
        linear_26: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(normed_hidden_states_5, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_, None);  normed_hidden_states_5 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_q_parameters_weight_ = None
        view_17: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = linear_26.view((1, s43, -1, 16));  linear_26 = None
        query_states_5: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = view_17.transpose(1, 2);  view_17 = None

        # File: transformers/models/t5/modeling_t5.py:327 in forward, code: key_states = self.k(current_states).view(kv_shape).transpose(1, 2)
        linear_27: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_17, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_, None);  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_k_parameters_weight_ = None
        view_18: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_27.view((1, s34, -1, 16));  linear_27 = None
        key_states_5: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_18.transpose(1, 2);  view_18 = None

        # File: transformers/models/t5/modeling_t5.py:328 in forward, code: value_states = self.v(current_states).view(kv_shape).transpose(1, 2)
        linear_28: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_17, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_, None);  hidden_states_17 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_v_parameters_weight_ = None
        view_19: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_28.view((1, s34, -1, 16));  linear_28 = s34 = None
        value_states_5: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_19.transpose(1, 2);  view_19 = None

        # File: transformers/cache_utils.py:115 in lazy_initialization, code: self.keys = torch.tensor([], dtype=key_states.dtype, device=self.device)
        tensor_6: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:116 in lazy_initialization, code: self.values = torch.tensor([], dtype=value_states.dtype, device=self.device)
        tensor_7: "f32[0][1]cpu" = torch.tensor([], dtype = torch.float32, device = device(type='cpu'))

        # File: transformers/cache_utils.py:136 in update, code: self.keys = torch.cat([self.keys, key_states], dim=-2)
        keys_3: "f32[1, 4, s34, 16][64*s34, 16*s34, 16, 1]cpu" = torch.cat([tensor_6, key_states_5], dim = -2);  tensor_6 = key_states_5 = None

        # File: transformers/cache_utils.py:137 in update, code: self.values = torch.cat([self.values, value_states], dim=-2)
        values_7: "f32[1, 4, s34, 16][64*s34, 16*s34, 16, 1]cpu" = torch.cat([tensor_7, value_states_5], dim = -2);  tensor_7 = value_states_5 = None

        # File: transformers/integrations/sdpa_attention.py:92 in create_position_bias_mask, code: return position_bias_mask.contiguous()
        attention_mask_5: "f32[1, 4, s43, s34][4*s34*s43, s34*s43, s34, 1]cpu" = position_bias.contiguous();  position_bias = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_41: "Sym(1.00000000000000)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_scaling.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_scaling = None
        attn_output_25: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_states_5, keys_3, values_7, attn_mask = attention_mask_5, dropout_p = 0.0, scale = item_41, is_causal = False);  query_states_5 = keys_3 = values_7 = attention_mask_5 = item_41 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_26: "f32[1, 4, s43, 16][64*s43, 16, 64, 1]cpu" = attn_output_25.reshape(1, -1, s43, 16);  attn_output_25 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_23: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = attn_output_26.transpose(1, 2);  attn_output_26 = None
        attn_output_27: "f32[1, s43, 4, 16][64*s43, 64, 16, 1]cpu" = transpose_23.contiguous();  transpose_23 = None

        # File: transformers/models/t5/modeling_t5.py:368 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_11: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attn_output_27.reshape(1, s43, -1);  attn_output_27 = s43 = None
        attn_output_28: "f32[1, s43, 64][64*s43, 64, 1]cpu" = reshape_11.contiguous();  reshape_11 = None

        # File: transformers/models/t5/modeling_t5.py:369 in forward, code: attn_output = self.o(attn_output)
        attn_output_29: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(attn_output_28, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_, None);  attn_output_28 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_enc_dec_attention_modules_o_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:435 in forward, code: layer_output = hidden_states + self.dropout(attention_output)
        item_42: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_1_modules_dropout_p = None
        dropout_14: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(attn_output_29, item_42, False, False);  attn_output_29 = item_42 = None
        layer_output_1: "f32[1, s43, 64][64*s43, 64, 1]cpu" = attention_output_3 + dropout_14;  attention_output_3 = dropout_14 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_13: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output_1.to(torch.float32)
        pow_11: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_13.pow(2);  to_13 = None
        variance_10: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_11.mean(-1, keepdim = True);  pow_11 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_43: "Sym(zf91)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_variance_epsilon = None
        add_26: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_10 + item_43;  variance_10 = item_43 = None
        rsqrt_10: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_26);  add_26 = None
        hidden_states_29: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output_1 * rsqrt_10;  rsqrt_10 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        forwarded_states_3: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_parameters_weight_ * hidden_states_29;  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_layer_norm_parameters_weight_ = hidden_states_29 = None

        # File: transformers/models/t5/modeling_t5.py:85 in forward, code: hidden_states = self.wi(hidden_states)
        hidden_states_30: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch._C._nn.linear(forwarded_states_3, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_, None);  forwarded_states_3 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wi_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:86 in forward, code: hidden_states = self.act(hidden_states)
        hidden_states_31: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch.nn.functional.relu(hidden_states_30, inplace = False);  hidden_states_30 = None

        # File: transformers/models/t5/modeling_t5.py:87 in forward, code: hidden_states = self.dropout(hidden_states)
        item_44: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_dropout_p = None
        hidden_states_32: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch.nn.functional.dropout(hidden_states_31, item_44, False, False);  hidden_states_31 = item_44 = None

        # File: transformers/models/t5/modeling_t5.py:94 in forward, code: hidden_states = self.wo(hidden_states)
        hidden_states_33: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch._C._nn.linear(hidden_states_32, l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_, None);  hidden_states_32 = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dense_relu_dense_modules_wo_parameters_weight_ = None

        # File: transformers/models/t5/modeling_t5.py:141 in forward, code: hidden_states = hidden_states + self.dropout(forwarded_states)
        item_45: "Sym(0.0)" = l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dropout_p.item();  l_model_modules_decoder_modules_block_modules_1_modules_layer_modules_2_modules_dropout_p = None
        dropout_16: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_33, item_45, False, False);  hidden_states_33 = item_45 = None
        hidden_states_34: "f32[1, s43, 64][64*s43, 64, 1]cpu" = layer_output_1 + dropout_16;  layer_output_1 = dropout_16 = None

        # File: transformers/models/t5/modeling_t5.py:66 in forward, code: variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)
        to_14: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_34.to(torch.float32)
        pow_12: "f32[1, s43, 64][64*s43, 64, 1]cpu" = to_14.pow(2);  to_14 = None
        variance_11: "f32[1, s43, 1][s43, 1, 1]cpu" = pow_12.mean(-1, keepdim = True);  pow_12 = None

        # File: transformers/models/t5/modeling_t5.py:67 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_46: "Sym(zf55)" = l_model_modules_decoder_modules_final_layer_norm_variance_epsilon.item();  l_model_modules_decoder_modules_final_layer_norm_variance_epsilon = None
        add_28: "f32[1, s43, 1][s43, 1, 1]cpu" = variance_11 + item_46;  variance_11 = item_46 = None
        rsqrt_11: "f32[1, s43, 1][s43, 1, 1]cpu" = torch.rsqrt(add_28);  add_28 = None
        hidden_states_35: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_34 * rsqrt_11;  hidden_states_34 = rsqrt_11 = None

        # File: transformers/models/t5/modeling_t5.py:73 in forward, code: return self.weight * hidden_states
        hidden_states_36: "f32[1, s43, 64][64*s43, 64, 1]cpu" = l_model_modules_decoder_modules_final_layer_norm_parameters_weight_ * hidden_states_35;  l_model_modules_decoder_modules_final_layer_norm_parameters_weight_ = hidden_states_35 = None

        # File: transformers/models/t5/modeling_t5.py:746 in forward, code: hidden_states = self.dropout(hidden_states)
        hidden_states_37: "f32[1, s43, 64][64*s43, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_36, item_26, False, False);  hidden_states_36 = item_26 = None

        # File: transformers/models/t5/modeling_t5.py:1048 in forward, code: sequence_output = sequence_output * (self.model_dim**-0.5)
        sequence_output: "f32[1, s43, 64][64*s43, 64, 1]cpu" = hidden_states_37 * 0.125;  hidden_states_37 = None

        # File: transformers/models/t5/modeling_t5.py:1050 in forward, code: lm_logits = self.lm_head(sequence_output)
        lm_logits: "f32[1, s43, 128][128*s43, 128, 1]cpu" = torch._C._nn.linear(sequence_output, l_model_modules_encoder_modules_embed_tokens_parameters_weight_, None);  sequence_output = l_model_modules_encoder_modules_embed_tokens_parameters_weight_ = None
        return (lm_logits,)
