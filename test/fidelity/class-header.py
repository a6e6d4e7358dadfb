# Class headers are Python: an identifier (or FX's <lambda>), dotted bases, ':'.
# RUN: rm -rf %t && split-file %s %t
# RUN: %not %piecewise lint %t/paren.py 2>&1 | FileCheck %s --check-prefix=PAREN
# RUN: %not %piecewise lint %t/digit.py 2>&1 | FileCheck %s --check-prefix=DIGIT
# RUN: %not %piecewise lint %t/junk.py 2>&1 | FileCheck %s --check-prefix=JUNK
# RUN: %piecewise lint %t/lambda.py
#--- paren.py
# PAREN: paren.py:2:7: error: invalid class name 'A) junk': expected a Python identifier
class A) junk:
    def forward(self, x):
        return (x,)
#--- digit.py
# DIGIT: digit.py:2:7: error: invalid class name '1A': expected a Python identifier
class 1A(x):
    def forward(self, x):
        return (x,)
#--- junk.py
# JUNK: junk.py:2:27: error: unexpected text after the class header
class A(torch.nn.Module): x = 1
    def forward(self, x):
        return (x,)
#--- lambda.py
class <lambda>(torch.nn.Module):
    def forward(self, x):
        return (x,)
