"""Checks a `piecewise split --json` report read from stdin.

    check_split_json.py [--items N] [--splitting S] [--max-unique U]
                        [--kinds tensor,symint] [--alternating]

--items/--splitting: exact counts (num_* and the items themselves);
--max-unique: an upper bound on num_unique (recomputed from the hashes of the
non-splitting items); --kinds: every input and output kind is one of these;
--alternating: compiled and splitting items alternate, starting and ending
with a compiled one. Ids are checked to be strictly increasing and every
submod_name to be submod_<graph_id>. Prints `ok: ...` or the first problem
(exit 1).
"""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int)
    ap.add_argument("--splitting", type=int)
    ap.add_argument("--max-unique", type=int)
    ap.add_argument("--kinds")
    ap.add_argument("--alternating", action="store_true")
    args = ap.parse_args()
    report = json.load(sys.stdin)
    items = report["items"]

    def fail(msg):
        print(f"error: {msg}")
        sys.exit(1)

    if report["num_items"] != len(items):
        fail(f"num_items {report['num_items']} but {len(items)} items")
    splitting = [it for it in items if it["is_splitting_graph"]]
    if report["num_splitting"] != len(splitting):
        fail(f"num_splitting {report['num_splitting']} but {len(splitting)} splitting items")
    unique = len({it["hash"] for it in items if not it["is_splitting_graph"]})
    if report["num_unique"] != unique:
        fail(f"num_unique {report['num_unique']} but {unique} distinct compiled hashes")
    if args.items is not None and len(items) != args.items:
        fail(f"{len(items)} items, expected {args.items}")
    if args.splitting is not None and len(splitting) != args.splitting:
        fail(f"{len(splitting)} splitting items, expected {args.splitting}")
    if args.max_unique is not None and unique > args.max_unique:
        fail(f"{unique} unique pieces, expected at most {args.max_unique}")
    prev = -1
    for it in items:
        if it["graph_id"] <= prev:
            fail(f"graph_id {it['graph_id']} after {prev}")
        prev = it["graph_id"]
        if it["submod_name"] != f"submod_{it['graph_id']}":
            fail(f"{it['submod_name']} has graph_id {it['graph_id']}")
        if args.kinds:
            allowed = set(args.kinds.split(","))
            for v in it["inputs"] + it["outputs"]:
                if v["kind"] not in allowed:
                    fail(f"{it['submod_name']}: {v['name']} is {v['kind']}")
    if args.alternating:
        for i, it in enumerate(items):
            if it["is_splitting_graph"] != (i % 2 == 1):
                fail(f"item {i} ({it['submod_name']}) breaks the alternation")
        if items and items[-1]["is_splitting_graph"]:
            fail("the last item is a splitting one")
    print(f"ok: {len(items)} items, {len(splitting)} splitting, {unique} unique")


main()
