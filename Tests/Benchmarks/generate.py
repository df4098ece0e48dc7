#!/usr/bin/env python3
"""Benchmark data: the same account updates as a portfolio CSV and as ledger/hledger
journals with balance assignments (each update sets the account's balance).

    generate.py UPDATES OUTDIR     (100 accounts; UPDATES in total)
"""
import os
import random
import sys
from datetime import datetime, timedelta


def main():
    total = int(sys.argv[1])
    outdir = sys.argv[2]
    accounts = 100
    per_account = total // accounts
    rng = random.Random(7)
    start = datetime(2016, 1, 1, 8, 0)
    minutes = 10 * 365 * 24 * 60
    step = max(1, minutes // per_account)
    values = [rng.randint(1_000, 100_000) * 100 for _ in range(accounts)]
    csv_path = os.path.join(outdir, f"updates-{total}.csv")
    journal_path = os.path.join(outdir, f"updates-{total}.journal")
    with open(csv_path, "w") as csv, open(journal_path, "w") as journal:
        csv.write("date,account,value,currency\n")
        for i in range(per_account):
            when = start + timedelta(minutes=i * step)
            stamp = when.strftime("%Y-%m-%d %H:%M")
            day = when.strftime("%Y-%m-%d")
            for a in range(accounts):
                values[a] = max(0, values[a] + rng.randint(-500, 600))
                pounds = f"{values[a] // 100}.{values[a] % 100:02d}"
                csv.write(f"{stamp},Account {a:03d},{pounds},GBP\n")
                # A balance assignment: the posting sets the balance; equity takes the difference.
                journal.write(f"{day} Update\n    Assets:Account {a:03d}  = £{pounds}\n    Equity:Revaluation\n\n")


if __name__ == "__main__":
    main()
