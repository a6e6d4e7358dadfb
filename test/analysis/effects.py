# analyze --print=effects: what the effect model believes per node. Each part
# (split-file) is one graph; its checks are the whole printed result.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise analyze %t/schema-writes.py --print=effects | FileCheck %s --check-prefix=SCHEMA-WRITES
# RUN: %piecewise analyze %t/methods.py --print=effects | FileCheck %s --check-prefix=METHODS
# RUN: %piecewise analyze %t/operators.py --print=effects | FileCheck %s --check-prefix=OPERATORS
# RUN: %piecewise analyze %t/returns.py --print=effects | FileCheck %s --check-prefix=RETURNS
# RUN: %piecewise analyze %t/opaque.py --print=effects | FileCheck %s --check-prefix=OPAQUE
# RUN: %piecewise analyze %t/random.py --print=effects | FileCheck %s --check-prefix=RANDOM
# RUN: %piecewise analyze %t/auto-functionalized.py --print=effects | FileCheck %s --check-prefix=AUTO-FUNCTIONALIZED
# RUN: %piecewise analyze %t/auto-functionalized.py | FileCheck %s --check-prefix=AUTO-FUNCTIONALIZED
# RUN: %piecewise analyze %t/views.py --print=effects | FileCheck %s --check-prefix=VIEWS
# RUN: %piecewise analyze %t/nested-call.py --print=effects | FileCheck %s --check-prefix=NESTED-CALL
# RUN: %piecewise analyze %t/metadata.py --print=effects | FileCheck %s --check-prefix=METADATA
# RUN: %not %piecewise analyze %t/views.py --print=bogus 2>&1 | FileCheck %s --check-prefix=BAD-VIEW
# BAD-VIEW: --print: bogus not in {effects,storages,liveness,peak}

#--- schema-writes.py
# `Tensor(a!)` arguments are written (and returned: aliased); a pure op is
# removable and a CSE candidate.
# SCHEMA-WRITES:      %x = placeholder : -
# SCHEMA-WRITES-NEXT: %y = placeholder : -
# SCHEMA-WRITES-NEXT: %add_ = call_function aten::add_.Tensor : writes(x) aliases(x) keeps-order
# SCHEMA-WRITES-NEXT: %copy_ = call_function aten::copy_.default : writes(y) aliases(y) keeps-order
# SCHEMA-WRITES-NEXT: %index_put_ = call_function aten::index_put_.default : writes(x) aliases(x) keeps-order
# SCHEMA-WRITES-NEXT: %mul = call_function aten::mul.Tensor : removable cse
# SCHEMA-WRITES-NOT:  output
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, y)
        copy_: "f32[4][1]cpu" = torch.ops.aten.copy_.default(y, add_)
        index_put_: "f32[4][1]cpu" = torch.ops.aten.index_put_.default(x, [None], y)
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        return (mul,)
#--- methods.py
# A Tensor method ending in `_` writes and returns its self; a listed out-of-place
# method is removable, and aliases self (`view`) or nothing (`sum`: new storage).
# Unknown and dunder methods are opaque.
# METHODS:      %x = placeholder : -
# METHODS-NEXT: %add_ = call_method add_ : writes(x) aliases(x) keeps-order
# METHODS-NEXT: %relu_ = call_method relu_ : writes(x) aliases(x) keeps-order
# METHODS-NEXT: %view = call_method view : removable aliases(x)
# METHODS-NEXT: %s = call_method sum : removable
# METHODS-NEXT: %size = call_method size : removable metadata-only(x)
# METHODS-NEXT: %foo = call_method frobnicate : writes(x) aliases(x) keeps-order opaque
# METHODS-NEXT: %dunder = call_method __add__ : writes(x) aliases(x) keeps-order opaque
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        add_ = x.add_(1)
        relu_ = x.relu_()
        view = x.view(2, 2)
        s = x.sum()
        size = x.size()
        foo = x.frobnicate(3)
        dunder = x.__add__(1)
        return (add_, view, s, size, foo, dunder)
#--- operators.py
# Subscript assignment and in-place operators write their first operand only, and their
# value is that operand (it aliases x, not the value v written into it); pure Python operators are removable CSE candidates; a listed torch callable is pure (rule 8); an unknown callable is opaque.
# OPERATORS:      %x = placeholder : -
# OPERATORS-NEXT: %v = placeholder : -
# OPERATORS-NEXT: %s0 = placeholder : -
# OPERATORS-NEXT: %setitem = call_function operator.setitem : writes(x) aliases(x) keeps-order
# OPERATORS-NEXT: %mul = call_function operator.mul : removable cse aliases(s0)
# OPERATORS-NEXT: %iadd = call_function operator.iadd : writes(x) aliases(x) keeps-order
# OPERATORS-NEXT: %g = call_function builtins.getattr : removable cse metadata-only(x)
# OPERATORS-NEXT: %sig = call_function torch.sigmoid : removable
# OPERATORS-NEXT: %pad = call_function torch._C._nn.pad : writes(x) aliases(x) keeps-order opaque
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", v: "f32[2][1]cpu", s0: "Sym(s0)"):
        x[slice(0, 2, None)] = v;  setitem = x
        mul = s0 * 2
        iadd = operator.iadd(x, v)
        g = getattr(x, "shape")
        sig = torch.sigmoid(x)
        pad = torch._C._nn.pad(x, (1, 1), 'constant', None)
        return (mul, iadd, g, sig, pad)
#--- returns.py
# Rule 8, what a Dynamo-level call returns: new storage (`clone`, `max`'s elements,
# `torch.relu`, `torch.cat`, `torch._C._nn.linear`, a tensor `x + y`: aliases nothing) or
# self / a view of it (`float`, `view`, `torch.reshape`, `+x`: aliases its first argument
# only); an in-place method returns its self (`set_` shares its source). With `out=`,
# `inplace=True` (by keyword or position) or the tensor given by keyword the call is
# opaque; an operator whose value is not a tensor or scalar may be a sequence holding its
# operands; an unlisted callable (`einsum`, which may return a view) stays opaque.
# RETURNS:      %c = call_method clone : removable
# RETURNS-NEXT: %m = call_method max : removable fresh-elements
# RETURNS-NEXT: %f = call_method float : removable aliases(x)
# RETURNS-NEXT: %v = call_method view : removable aliases(x)
# RETURNS-NEXT: %z = call_method copy_ : writes(x) aliases(x) keeps-order
# RETURNS-NEXT: %st = call_method set_ : writes(x) aliases(x, y) keeps-order
# RETURNS-NEXT: %r = call_function torch.relu : removable
# RETURNS-NEXT: %ro = call_function torch.relu : writes(x, y) aliases(x, y) keeps-order opaque
# RETURNS-NEXT: %fr = call_function torch.nn.functional.relu : writes(x) aliases(x) keeps-order opaque
# RETURNS-NEXT: %fp = call_function torch.nn.functional.silu : writes(x) aliases(x) keeps-order opaque
# RETURNS-NEXT: %rs = call_function torch.reshape : removable aliases(x)
# RETURNS-NEXT: %rk = call_function torch.reshape : writes(x) aliases(x) keeps-order opaque
# RETURNS-NEXT: %cat = call_function torch.cat : removable
# RETURNS-NEXT: %add = call_function operator.add : removable cse
# RETURNS-NEXT: %pos = call_function operator.pos : removable cse aliases(x)
# RETURNS-NEXT: %seq = call_function operator.add : removable cse aliases(x, y)
# RETURNS-NEXT: %lin = call_function torch._C._nn.linear : removable
# RETURNS-NEXT: %ein = call_function torch.functional.einsum : writes(x) aliases(x) keeps-order opaque
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu", s0: "Sym(s0)"):
        c = x.clone()
        m = x.max(0)
        f = x.float()
        v = x.view(s0, -1)
        z = x.copy_(y)
        st = x.set_(y)
        r = torch.relu(x)
        ro = torch.relu(x, out = y)
        fr = torch.nn.functional.relu(x, inplace = True)
        fp = torch.nn.functional.silu(x, True)
        rs = torch.reshape(x, (2, 2))
        rk = torch.reshape(input = x, shape = (2, 2))
        cat = torch.cat([x, y])
        add: "f32[4][1]cpu" = x + y
        pos = operator.pos(x)
        seq = operator.add([x], [y])
        lin = torch._C._nn.linear(x, y)
        ein = torch.functional.einsum('i->i', x)
        return (c, m, f, v, z, st, r, ro, fr, fp, rs, rk, cat, add, pos, seq, lin, ein)
#--- opaque.py
# An op without a schema, a call_module and a higher-order op other than
# auto_functionalized may write and alias every tensor input, and keep order.
# OPAQUE:      %o = call_function mylib::opaque.default : writes(x, w) aliases(x, w) keeps-order opaque
# OPAQUE-NEXT: %m = call_module sub : writes(x) aliases(x) keeps-order opaque
# OPAQUE-NEXT: %c = call_function higher_order::cond : writes(x, w) aliases(x, w) keeps-order opaque
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", w: "f32[4][1]cpu"):
        o: "f32[4][1]cpu" = torch.ops.mylib.opaque.default(x, w)
        m = self.sub(x)
        c = torch.ops.higher_order.cond(x, w)
        return (o, m, c)
#--- random.py
# Random ops are kept and keep their order; uninitialized allocations are
# removable but never merged; assertions are kept.
# RANDOM:      %r = call_function aten::rand_like.default : metadata-only(x) keeps-order
# RANDOM-NEXT: %d = call_function aten::native_dropout.default : keeps-order fresh-elements
# RANDOM-NEXT: %e = call_function aten::empty_like.default : removable metadata-only(x)
# RANDOM-NEXT: %a = call_function aten::_assert_async.msg : keeps-order
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        r: "f32[4][1]cpu" = torch.ops.aten.rand_like.default(x)
        d = torch.ops.aten.native_dropout.default(x, 0.5, True)
        e: "f32[4][1]cpu" = torch.ops.aten.empty_like.default(x)
        a = torch.ops.aten._assert_async.msg(x, 'boom')
        return (r, d, e)
#--- auto-functionalized.py
# auto_functionalized is functional: removable, writes nothing, and its
# getitems are fresh tensors (effects is the default view).
# AUTO-FUNCTIONALIZED:      %e = call_function aten::empty_like.default : removable
# AUTO-FUNCTIONALIZED-NEXT: %af = call_function higher_order::auto_functionalized : removable fresh-elements
# AUTO-FUNCTIONALIZED-NEXT: %r = call_function operator.getitem : removable cse aliases(af)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", w: "f32[4][1]cpu"):
        e: "f32[4][1]cpu" = torch.ops.aten.empty_like.default(x)
        af = torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, result = e, input = x, weight = w, epsilon = 1e-05)
        r: "f32[4][1]cpu" = af[1]
        return (r,)
#--- views.py
# Views alias their base by schema (`Tensor(a)`, `Tensor(a -> *)`); multi-output
# ops whose returns carry no alias annotation give fresh elements.
# VIEWS:      %v = call_function aten::view.default : removable cse aliases(a)
# VIEWS-NEXT: %split = call_function aten::split.Tensor : removable cse aliases(x)
# VIEWS-NEXT: %g0 = call_function operator.getitem : removable cse aliases(split)
# VIEWS-NEXT: %var_mean = call_function aten::var_mean.correction : removable cse fresh-elements
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add.Tensor(x, 1)
        v: "f32[32][1]cpu" = torch.ops.aten.view.default(a, [32])
        split = torch.ops.aten.split.Tensor(x, 2)
        g0: "f32[2, 8][8, 1]cpu" = split[0]
        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0)
        return (v, g0, var_mean)
#--- nested-call.py
# A call nested in an argument may do anything to what it reads: the node is
# opaque whatever its target.
# NESTED-CALL: %mul = call_function aten::mul.Tensor : writes(x) aliases(x) keeps-order opaque
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, foo(x))
        return (mul,)
#--- metadata.py
# Rule 7: an op, method, attribute or torch function that uses a tensor for its
# sizes, strides, dtype or device only reads no byte of it (metadata-only); a
# node naming the same tensor in another argument reads its data.
# METADATA:      %x = placeholder : -
# METADATA-NEXT: %y = placeholder : -
# METADATA-NEXT: %empty_like = call_function aten::empty_like.default : removable metadata-only(x)
# METADATA-NEXT: %sym_size = call_function aten::sym_size.int : removable cse metadata-only(x)
# METADATA-NEXT: %new_zeros = call_function aten::new_zeros.default : removable cse metadata-only(y)
# METADATA-NEXT: %full_like = call_function aten::full_like.default : removable cse metadata-only(x)
# METADATA-NEXT: %shape = call_function builtins.getattr : removable cse metadata-only(x)
# METADATA-NEXT: %dtype = call_function builtins.getattr : removable cse metadata-only(y)
# METADATA-NEXT: %T = call_function builtins.getattr : removable cse aliases(x)
# METADATA-NEXT: %like = call_function torch.empty_like : removable metadata-only(x)
# METADATA-NEXT: %stride = call_method stride : removable metadata-only(y)
# METADATA-NEXT: %both = call_method new_zeros : removable
# METADATA-NEXT: %copy_ = call_function aten::copy_.default : writes(x) aliases(x) keeps-order
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        empty_like: "f32[4][1]cpu" = torch.ops.aten.empty_like.default(x)
        sym_size: "Sym(4)" = torch.ops.aten.sym_size.int(x, 0)
        new_zeros: "f32[2][1]cpu" = torch.ops.aten.new_zeros.default(y, [2])
        full_like: "f32[4][1]cpu" = torch.ops.aten.full_like.default(x, 3)
        shape = getattr(x, "shape")
        dtype = getattr(y, "dtype")
        T = getattr(x, "T")
        like = torch.empty_like(x)
        stride = y.stride()
        both: "f32[4][1]cpu" = x.new_zeros(x)
        copy_: "f32[4][1]cpu" = torch.ops.aten.copy_.default(x, empty_like)
        return (copy_, sym_size, new_zeros, full_like, shape, dtype, T, like, stride, both)
