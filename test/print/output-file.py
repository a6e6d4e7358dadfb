# print -o FILE writes the file and nothing to stdout; errors write no file.
# RUN: rm -f %t.out.py
# RUN: %piecewise print %S/../lint/clean.py -o %t.out.py | count 0
# RUN: %piecewise print %S/../lint/clean.py | diff - %t.out.py
# RUN: rm -f %t.err.py
# RUN: %not %piecewise print %S/../verify/missing-argument.py -o %t.err.py 2>/dev/null
# RUN: %not test -e %t.err.py
