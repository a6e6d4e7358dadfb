# Made by examples/hf/capture_families.py with torch 2.13.0+cpu and transformers 5.25.0:
# the Dynamo graph (dynamic=True) of BertModel built from its config class, 2 layers,
# every dropout rate 0.0. scaled_dot_product_attention calls: 2
class GraphModule(torch.nn.Module):
    def forward(self, s34: "Sym(s34)", L_kw_input_ids_: "i64[1, s34][s34, 1]cpu", L_model_modules_embeddings_buffers_position_ids_: "i64[1, 64][64, 1]cpu", L_model_modules_embeddings_buffers_token_type_ids_: "i64[1, 64][64, 1]cpu", L_model_modules_embeddings_modules_word_embeddings_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_embeddings_modules_word_embeddings_norm_type: "f64[][]cpu", L_model_modules_embeddings_modules_token_type_embeddings_parameters_weight_: "f32[2, 64][64, 1]cpu", L_model_modules_embeddings_modules_token_type_embeddings_norm_type: "f64[][]cpu", L_model_modules_embeddings_modules_position_embeddings_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_embeddings_modules_position_embeddings_norm_type: "f64[][]cpu", L_model_modules_embeddings_modules_LayerNorm_parameters_weight_: "f32[64][1]cpu", L_model_modules_embeddings_modules_LayerNorm_parameters_bias_: "f32[64][1]cpu", L_model_modules_embeddings_modules_LayerNorm_eps: "f64[][]cpu", L_model_modules_embeddings_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_eps: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_bias_: "f32[128][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_eps: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_scaling: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_eps: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_weight_: "f32[128, 64][64, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_bias_: "f32[128][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_weight_: "f32[64, 128][128, 1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dropout_p: "f64[][]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_parameters_weight_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_parameters_bias_: "f32[64][1]cpu", L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_eps: "f64[][]cpu", L_model_modules_pooler_modules_dense_parameters_weight_: "f32[64, 64][64, 1]cpu", L_model_modules_pooler_modules_dense_parameters_bias_: "f32[64][1]cpu"):
        l_kw_input_ids_ = L_kw_input_ids_
        l_model_modules_embeddings_buffers_position_ids_ = L_model_modules_embeddings_buffers_position_ids_
        l_model_modules_embeddings_buffers_token_type_ids_ = L_model_modules_embeddings_buffers_token_type_ids_
        l_model_modules_embeddings_modules_word_embeddings_parameters_weight_ = L_model_modules_embeddings_modules_word_embeddings_parameters_weight_
        l_model_modules_embeddings_modules_word_embeddings_norm_type = L_model_modules_embeddings_modules_word_embeddings_norm_type
        l_model_modules_embeddings_modules_token_type_embeddings_parameters_weight_ = L_model_modules_embeddings_modules_token_type_embeddings_parameters_weight_
        l_model_modules_embeddings_modules_token_type_embeddings_norm_type = L_model_modules_embeddings_modules_token_type_embeddings_norm_type
        l_model_modules_embeddings_modules_position_embeddings_parameters_weight_ = L_model_modules_embeddings_modules_position_embeddings_parameters_weight_
        l_model_modules_embeddings_modules_position_embeddings_norm_type = L_model_modules_embeddings_modules_position_embeddings_norm_type
        l_model_modules_embeddings_modules_layer_norm_parameters_weight_ = L_model_modules_embeddings_modules_LayerNorm_parameters_weight_
        l_model_modules_embeddings_modules_layer_norm_parameters_bias_ = L_model_modules_embeddings_modules_LayerNorm_parameters_bias_
        l_model_modules_embeddings_modules_layer_norm_eps = L_model_modules_embeddings_modules_LayerNorm_eps
        l_model_modules_embeddings_modules_dropout_p = L_model_modules_embeddings_modules_dropout_p
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dropout_p = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dropout_p
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_eps = L_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_LayerNorm_eps
        l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dropout_p = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dropout_p
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_eps = L_model_modules_encoder_modules_layer_modules_0_modules_output_modules_LayerNorm_eps
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_scaling = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_scaling
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dropout_p = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dropout_p
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_eps = L_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_LayerNorm_eps
        l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dropout_p = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dropout_p
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_weight_ = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_parameters_weight_
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_bias_ = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_parameters_bias_
        l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_eps = L_model_modules_encoder_modules_layer_modules_1_modules_output_modules_LayerNorm_eps
        l_model_modules_pooler_modules_dense_parameters_weight_ = L_model_modules_pooler_modules_dense_parameters_weight_
        l_model_modules_pooler_modules_dense_parameters_bias_ = L_model_modules_pooler_modules_dense_parameters_bias_

        # File: transformers/models/bert/modeling_bert.py:85 in forward, code: position_ids = self.position_ids[:, cache_length : seq_length + cache_length]
        position_ids: "i64[1, s34][64, 1]cpu" = l_model_modules_embeddings_buffers_position_ids_[(slice(None, None, None), slice(0, s34, None))];  l_model_modules_embeddings_buffers_position_ids_ = None

        # File: transformers/models/bert/modeling_bert.py:93 in forward, code: buffered_token_type_ids = self.token_type_ids.expand(position_ids.shape[0], -1)
        buffered_token_type_ids: "i64[1, 64][64, 1]cpu" = l_model_modules_embeddings_buffers_token_type_ids_.expand(1, -1);  l_model_modules_embeddings_buffers_token_type_ids_ = None

        # File: transformers/models/bert/modeling_bert.py:94 in forward, code: buffered_token_type_ids = torch.gather(buffered_token_type_ids, dim=1, index=position_ids)
        buffered_token_type_ids_1: "i64[1, s34][s34, 1]cpu" = torch.gather(buffered_token_type_ids, dim = 1, index = position_ids);  buffered_token_type_ids = None

        # File: transformers/models/bert/modeling_bert.py:95 in forward, code: token_type_ids = buffered_token_type_ids.expand(batch_size, seq_length)
        token_type_ids: "i64[1, s34][s34, 1]cpu" = buffered_token_type_ids_1.expand(1, s34);  buffered_token_type_ids_1 = None

        # File: transformers/models/bert/modeling_bert.py:100 in forward, code: inputs_embeds = self.word_embeddings(input_ids)
        item: "Sym(zf3)" = l_model_modules_embeddings_modules_word_embeddings_norm_type.item();  l_model_modules_embeddings_modules_word_embeddings_norm_type = None
        inputs_embeds: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.embedding(l_kw_input_ids_, l_model_modules_embeddings_modules_word_embeddings_parameters_weight_, 0, None, item, False, False);  l_kw_input_ids_ = l_model_modules_embeddings_modules_word_embeddings_parameters_weight_ = item = None

        # File: transformers/models/bert/modeling_bert.py:101 in forward, code: token_type_embeddings = self.token_type_embeddings(token_type_ids)
        item_1: "Sym(zf93)" = l_model_modules_embeddings_modules_token_type_embeddings_norm_type.item();  l_model_modules_embeddings_modules_token_type_embeddings_norm_type = None
        token_type_embeddings: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.embedding(token_type_ids, l_model_modules_embeddings_modules_token_type_embeddings_parameters_weight_, None, None, item_1, False, False);  token_type_ids = l_model_modules_embeddings_modules_token_type_embeddings_parameters_weight_ = item_1 = None

        # File: transformers/models/bert/modeling_bert.py:102 in forward, code: embeddings = inputs_embeds + token_type_embeddings
        embeddings: "f32[1, s34, 64][64*s34, 64, 1]cpu" = inputs_embeds + token_type_embeddings;  inputs_embeds = token_type_embeddings = None

        # File: transformers/models/bert/modeling_bert.py:104 in forward, code: position_embeddings = self.position_embeddings(position_ids)
        item_2: "Sym(zf11)" = l_model_modules_embeddings_modules_position_embeddings_norm_type.item();  l_model_modules_embeddings_modules_position_embeddings_norm_type = None
        position_embeddings: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.embedding(position_ids, l_model_modules_embeddings_modules_position_embeddings_parameters_weight_, None, None, item_2, False, False);  position_ids = l_model_modules_embeddings_modules_position_embeddings_parameters_weight_ = item_2 = None

        # File: transformers/models/bert/modeling_bert.py:105 in forward, code: embeddings = embeddings + position_embeddings
        embeddings_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = embeddings + position_embeddings;  embeddings = position_embeddings = None

        # File: transformers/models/bert/modeling_bert.py:107 in forward, code: embeddings = self.LayerNorm(embeddings)
        item_3: "Sym(1.00000000000000E-12)" = l_model_modules_embeddings_modules_layer_norm_eps.item();  l_model_modules_embeddings_modules_layer_norm_eps = None
        embeddings_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.layer_norm(embeddings_1, (64,), l_model_modules_embeddings_modules_layer_norm_parameters_weight_, l_model_modules_embeddings_modules_layer_norm_parameters_bias_, item_3);  embeddings_1 = l_model_modules_embeddings_modules_layer_norm_parameters_weight_ = l_model_modules_embeddings_modules_layer_norm_parameters_bias_ = item_3 = None

        # File: transformers/models/bert/modeling_bert.py:108 in forward, code: embeddings = self.dropout(embeddings)
        item_4: "Sym(0.0)" = l_model_modules_embeddings_modules_dropout_p.item();  l_model_modules_embeddings_modules_dropout_p = None
        embeddings_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(embeddings_2, item_4, False, False);  embeddings_2 = item_4 = None

        # File: transformers/models/bert/modeling_bert.py:177 in forward, code: query_layer = self.query(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(embeddings_3, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_query_parameters_bias_ = None
        view: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear.view(1, s34, -1, 16);  linear = None
        query_layer: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view.transpose(1, 2);  view = None

        # File: transformers/models/bert/modeling_bert.py:178 in forward, code: key_layer = self.key(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(embeddings_3, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_key_parameters_bias_ = None
        view_1: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_1.view(1, s34, -1, 16);  linear_1 = None
        key_layer: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_1.transpose(1, 2);  view_1 = None

        # File: transformers/models/bert/modeling_bert.py:179 in forward, code: value_layer = self.value(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(embeddings_3, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_modules_value_parameters_bias_ = None
        view_2: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_2.view(1, s34, -1, 16);  linear_2 = None
        value_layer: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_2.transpose(1, 2);  view_2 = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_5: "Sym(0.250000000000000)" = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling.item();  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling = None
        attn_output: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_layer, key_layer, value_layer, attn_mask = None, dropout_p = 0.0, scale = item_5, is_causal = False);  query_layer = key_layer = value_layer = item_5 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = attn_output.reshape(1, -1, s34, 16);  attn_output = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_3: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = attn_output_1.transpose(1, 2);  attn_output_1 = None
        attn_output_2: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = transpose_3.contiguous();  transpose_3 = None

        # File: transformers/models/bert/modeling_bert.py:204 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attn_output_2.reshape(1, s34, -1);  attn_output_2 = None
        attn_output_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = reshape_1.contiguous();  reshape_1 = None

        # File: transformers/models/bert/modeling_bert.py:291 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(attn_output_3, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_bias_);  attn_output_3 = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dense_parameters_bias_ = None

        # File: transformers/models/bert/modeling_bert.py:292 in forward, code: hidden_states = self.dropout(hidden_states)
        item_6: "Sym(0.0)" = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dropout_p.item();  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_dropout_p = None
        hidden_states_1: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states, item_6, False, False);  hidden_states = item_6 = None

        # File: transformers/models/bert/modeling_bert.py:293 in forward, code: hidden_states = self.LayerNorm(hidden_states + input_tensor)
        add_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_1 + embeddings_3;  hidden_states_1 = embeddings_3 = None
        item_7: "Sym(1.00000000000000E-12)" = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_eps.item();  l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_eps = None
        hidden_states_2: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.layer_norm(add_3, (64,), l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_bias_, item_7);  add_3 = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_attention_modules_output_modules_layer_norm_parameters_bias_ = item_7 = None

        # File: transformers/models/bert/modeling_bert.py:337 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states_3: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.linear(hidden_states_2, l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_intermediate_modules_dense_parameters_bias_ = None

        # File: transformers/activations.py:89 in forward, code: return self.act(input)
        hidden_states_4: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.gelu(hidden_states_3);  hidden_states_3 = None

        # File: transformers/models/bert/modeling_bert.py:350 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states_5: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_4, l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_bias_);  hidden_states_4 = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dense_parameters_bias_ = None

        # File: transformers/models/bert/modeling_bert.py:351 in forward, code: hidden_states = self.dropout(hidden_states)
        item_8: "Sym(0.0)" = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dropout_p.item();  l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_dropout_p = None
        hidden_states_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_5, item_8, False, False);  hidden_states_5 = item_8 = None

        # File: transformers/models/bert/modeling_bert.py:352 in forward, code: hidden_states = self.LayerNorm(hidden_states + input_tensor)
        add_4: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_6 + hidden_states_2;  hidden_states_6 = hidden_states_2 = None
        item_9: "Sym(1.00000000000000E-12)" = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_eps.item();  l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_eps = None
        hidden_states_7: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.layer_norm(add_4, (64,), l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_weight_, l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_bias_, item_9);  add_4 = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_0_modules_output_modules_layer_norm_parameters_bias_ = item_9 = None

        # File: transformers/models/bert/modeling_bert.py:177 in forward, code: query_layer = self.query(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_7, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_query_parameters_bias_ = None
        view_3: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_6.view(1, s34, -1, 16);  linear_6 = None
        query_layer_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_3.transpose(1, 2);  view_3 = None

        # File: transformers/models/bert/modeling_bert.py:178 in forward, code: key_layer = self.key(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear_7: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_7, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_key_parameters_bias_ = None
        view_4: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_7.view(1, s34, -1, 16);  linear_7 = None
        key_layer_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_4.transpose(1, 2);  view_4 = None

        # File: transformers/models/bert/modeling_bert.py:179 in forward, code: value_layer = self.value(hidden_states).view(*hidden_shape).transpose(1, 2)
        linear_8: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_7, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_modules_value_parameters_bias_ = None
        view_5: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = linear_8.view(1, s34, -1, 16);  linear_8 = None
        value_layer_1: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = view_5.transpose(1, 2);  view_5 = None

        # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
        item_10: "Sym(0.250000000000000)" = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_scaling.item();  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_self_scaling = None
        attn_output_4: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(query_layer_1, key_layer_1, value_layer_1, attn_mask = None, dropout_p = 0.0, scale = item_10, is_causal = False);  query_layer_1 = key_layer_1 = value_layer_1 = item_10 = None

        # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
        attn_output_5: "f32[1, 4, s34, 16][64*s34, 16, 64, 1]cpu" = attn_output_4.reshape(1, -1, s34, 16);  attn_output_4 = None

        # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
        transpose_7: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = attn_output_5.transpose(1, 2);  attn_output_5 = None
        attn_output_6: "f32[1, s34, 4, 16][64*s34, 64, 16, 1]cpu" = transpose_7.contiguous();  transpose_7 = None

        # File: transformers/models/bert/modeling_bert.py:204 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        reshape_3: "f32[1, s34, 64][64*s34, 64, 1]cpu" = attn_output_6.reshape(1, s34, -1);  attn_output_6 = s34 = None
        attn_output_7: "f32[1, s34, 64][64*s34, 64, 1]cpu" = reshape_3.contiguous();  reshape_3 = None

        # File: transformers/models/bert/modeling_bert.py:291 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states_8: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(attn_output_7, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_bias_);  attn_output_7 = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dense_parameters_bias_ = None

        # File: transformers/models/bert/modeling_bert.py:292 in forward, code: hidden_states = self.dropout(hidden_states)
        item_11: "Sym(0.0)" = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dropout_p.item();  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_dropout_p = None
        hidden_states_9: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_8, item_11, False, False);  hidden_states_8 = item_11 = None

        # File: transformers/models/bert/modeling_bert.py:293 in forward, code: hidden_states = self.LayerNorm(hidden_states + input_tensor)
        add_5: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_9 + hidden_states_7;  hidden_states_9 = hidden_states_7 = None
        item_12: "Sym(1.00000000000000E-12)" = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_eps.item();  l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_eps = None
        hidden_states_10: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.layer_norm(add_5, (64,), l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_bias_, item_12);  add_5 = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_attention_modules_output_modules_layer_norm_parameters_bias_ = item_12 = None

        # File: transformers/models/bert/modeling_bert.py:337 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states_11: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.linear(hidden_states_10, l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_bias_);  l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_intermediate_modules_dense_parameters_bias_ = None

        # File: transformers/activations.py:89 in forward, code: return self.act(input)
        hidden_states_12: "f32[1, s34, 128][128*s34, 128, 1]cpu" = torch._C._nn.gelu(hidden_states_11);  hidden_states_11 = None

        # File: transformers/models/bert/modeling_bert.py:350 in forward, code: hidden_states = self.dense(hidden_states)
        hidden_states_13: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch._C._nn.linear(hidden_states_12, l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_bias_);  hidden_states_12 = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dense_parameters_bias_ = None

        # File: transformers/models/bert/modeling_bert.py:351 in forward, code: hidden_states = self.dropout(hidden_states)
        item_13: "Sym(0.0)" = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dropout_p.item();  l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_dropout_p = None
        hidden_states_14: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.dropout(hidden_states_13, item_13, False, False);  hidden_states_13 = item_13 = None

        # File: transformers/models/bert/modeling_bert.py:352 in forward, code: hidden_states = self.LayerNorm(hidden_states + input_tensor)
        add_6: "f32[1, s34, 64][64*s34, 64, 1]cpu" = hidden_states_14 + hidden_states_10;  hidden_states_14 = hidden_states_10 = None
        item_14: "Sym(1.00000000000000E-12)" = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_eps.item();  l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_eps = None
        hidden_states_15: "f32[1, s34, 64][64*s34, 64, 1]cpu" = torch.nn.functional.layer_norm(add_6, (64,), l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_weight_, l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_bias_, item_14);  add_6 = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_weight_ = l_model_modules_encoder_modules_layer_modules_1_modules_output_modules_layer_norm_parameters_bias_ = item_14 = None

        # File: transformers/models/bert/modeling_bert.py:464 in forward, code: first_token_tensor = hidden_states[:, 0]
        first_token_tensor: "f32[1, 64][64*s34, 1]cpu" = hidden_states_15[(slice(None, None, None), 0)]

        # File: transformers/models/bert/modeling_bert.py:465 in forward, code: pooled_output = self.dense(first_token_tensor)
        pooled_output: "f32[1, 64][64, 1]cpu" = torch._C._nn.linear(first_token_tensor, l_model_modules_pooler_modules_dense_parameters_weight_, l_model_modules_pooler_modules_dense_parameters_bias_);  first_token_tensor = l_model_modules_pooler_modules_dense_parameters_weight_ = l_model_modules_pooler_modules_dense_parameters_bias_ = None

        # File: transformers/models/bert/modeling_bert.py:466 in forward, code: pooled_output = self.activation(pooled_output)
        pooled_output_1: "f32[1, 64][64, 1]cpu" = torch.tanh(pooled_output);  pooled_output = pooled_output_1 = None
        return (hidden_states_15,)
