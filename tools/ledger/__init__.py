"""The ledger: score, check and export recorded hands on the host."""
