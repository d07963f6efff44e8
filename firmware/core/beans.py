"""Beans mode 欢乐豆 (RULES §4): turn gross pair amounts into what balances can pay.

A pair is [winner seat, loser seat, amount]; amounts are positive and move from the loser to
the winner. Integer arithmetic only, so the device and the host agree to the bean.
"""

from core.check import get_bool, get_int, is_int, only_keys
from core.errors import MISSING, RecordError

BEANS_KEYS = ("n", "fee", "balances", "win_cap_own_balance")
# Upper bounds (docs/rules.md, "Ranges"): a room coefficient and a fee far above any room's,
# a balance of a million million beans.
MAX_N = 1000000
MAX_FEE = 1000000
MAX_BALANCE = 1000000000000


def read_options(beans, players, balances_required=True):
    """Check `rules.beans`; return (n, fee, balances or None, win_cap)."""
    if not isinstance(beans, dict):
        raise RecordError("rules.beans", beans, "must be an object")
    only_keys(beans, BEANS_KEYS, "rules.beans.")
    n = get_int(beans, "n", 1, MAX_N, 1, "rules.beans.")
    fee = get_int(beans, "fee", 0, MAX_FEE, 0, "rules.beans.")
    win_cap = get_bool(beans, "win_cap_own_balance", True, "rules.beans.")
    # A null is not an absent key: it is refused as a value.
    balances = beans.get("balances", MISSING)
    if balances is MISSING:
        if balances_required:
            raise RecordError("rules.beans.balances", MISSING, "required")
        balances = None
    elif (not isinstance(balances, list) or len(balances) != players
          or not all(is_int(b) and 0 <= b <= MAX_BALANCE for b in balances)):
        raise RecordError("rules.beans.balances", balances,
                          "must list {} balances, each 0 to {}".format(players, MAX_BALANCE))
    return n, fee, balances, win_cap


def _scale_down(pairs, side, balances):
    """Scale each winner's receipts (side 0) or each loser's payments (side 1) down to its
    balance; return [seat, total after scaling] for each seat that was cut, by seat."""
    totals = {}
    for pair in pairs:
        totals[pair[side]] = totals.get(pair[side], 0) + pair[2]
    cut = sorted(seat for seat in totals if totals[seat] > balances[seat])
    for pair in pairs:
        total = totals[pair[side]]
        limit = balances[pair[side]]
        if total > limit:
            pair[2] = pair[2] * limit // total
    return [[seat, sum(p[2] for p in pairs if p[side] == seat)] for seat in cut]


def settle(pairs, balances, n, fee, win_cap):
    """Apply room coefficient, balance caps and fee; return (pairs, deltas, fees taken,
    report). The report, for the breakdown: "gross" the pairs × n before the balance caps,
    "win_limited" and "pay_limited" [seat, total] for each seat whose receipts (its own
    balance) or payments (what it had) were scaled down, with what it then takes or pays."""
    pairs = [[w, lo, amount * n] for w, lo, amount in pairs]
    report = {"gross": [list(pair) for pair in pairs], "win_limited": []}
    if win_cap:
        report["win_limited"] = _scale_down(pairs, 0, balances)
    report["pay_limited"] = _scale_down(pairs, 1, balances)
    deltas = [0] * len(balances)
    for winner, loser, amount in pairs:
        deltas[winner] += amount
        deltas[loser] -= amount
    fees = []
    for seat, balance in enumerate(balances):
        taken = min(fee, balance + deltas[seat])
        deltas[seat] -= taken
        fees.append(taken)
    return pairs, deltas, fees, report
