"""Update checks/machine/expected_seconds.json: each check's median computed seconds per budget,
read from a store (``ibv run`` history; cache hits excluded). The runner orders a parallel run
longest first by the store's own history, and by this table where the store has none (a first
run on a new machine).

    python tools/expected_seconds.py --store .ibverify/store.sqlite
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checks.machine.executor import SHIPPED_SECONDS  # noqa: E402
from checks.machine.store import Store  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, help="the store to read")
    args = ap.parse_args()
    store = Store(args.store, create=False)
    old = json.loads(SHIPPED_SECONDS.read_text()) if SHIPPED_SECONDS.exists() else {}
    for budget in ("quick", "full"):
        got = {f"{s}::{c}": round(v, 3) for (s, c), v in sorted(store.durations(budget).items())}
        if got:  # merged: a store with some checks (one paper, say) updates only those
            old[budget] = {**old.get(budget, {}), **got}
    SHIPPED_SECONDS.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")
    print(f"{SHIPPED_SECONDS.relative_to(ROOT)}: " + ", ".join(f"{b} {len(t)} checks" for b, t in old.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
