"""End-of-table settlement: who pays whom, in the fewest transfers.

The fewest transfers for balances b is (number of non-zero players) − (the largest number of
groups they split into that each sum to zero): each zero-sum group settles within itself in
size − 1 transfers, and no group can do better. With at most a handful of seats, a search over
subsets finds the best split exactly (2^5 subsets for five players).
"""


def _best_groups(members, balances):
    """Split `members` (indexes of non-zero balances) into the most zero-sum groups."""
    if not members:
        return []
    first = members[0]
    rest = members[1:]
    best = [members]
    # Every group containing `first`: try each subset of the rest alongside it.
    for mask in range(1 << len(rest)):
        group = [first] + [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if len(group) == len(members) or sum(balances[m] for m in group):
            continue
        remaining = [m for m in rest if m not in group]
        split = [group] + _best_groups(remaining, balances)
        if len(split) > len(best):
            best = split
    return best


def _settle_group(group, balances):
    owed = {m: balances[m] for m in group}
    transfers = []
    while True:
        payer = min(group, key=lambda m: owed[m])
        payee = max(group, key=lambda m: owed[m])
        if owed[payer] >= 0 or owed[payee] <= 0:
            return transfers
        amount = min(-owed[payer], owed[payee])
        transfers.append((payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount


def settle(totals):
    """Transfers (payer, payee, amount) that bring every total to zero. `totals` must sum to
    zero; the caller adds a house seat for fees that left the table."""
    if sum(totals):
        raise ValueError("totals do not sum to zero")
    members = [i for i, t in enumerate(totals) if t]
    transfers = []
    for group in _best_groups(members, totals):
        transfers.extend(_settle_group(group, totals))
    return transfers
