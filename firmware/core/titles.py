"""Level titles by balance or total (seed 004 §十二), shown beside a player."""

# (lowest amount, 中文, English)
TITLES = (
    (100000000, "帝王", "Emperor"),
    (50000000, "丞相", "Chancellor"),
    (20000000, "巡抚", "Governor"),
    (10000000, "总督", "Viceroy"),
    (5000000, "知府", "Prefect"),
    (2000000, "通判", "Sub-prefect"),
    (1000000, "知县", "Magistrate"),
    (500000, "大地主", "Great landlord"),
    (200000, "小地主", "Landlord"),
    (100000, "大财主", "Rich squire"),
    (50000, "小财主", "Squire"),
    (20000, "衙役", "Constable"),
    (10000, "商人", "Merchant"),
    (6000, "掌柜", "Shopkeeper"),
    (4000, "富农", "Rich farmer"),
    (2000, "中农", "Farmer"),
    (1000, "猎人", "Hunter"),
    (800, "渔夫", "Fisher"),
    (600, "贫农", "Poor farmer"),
    (400, "佃户", "Tenant"),
    (200, "长工", "Farmhand"),
    (100, "短工", "Day labourer"),
)
LOWEST = ("包身工", "Bonded labourer")


def title(amount, lang="zh", scale=1):
    """The title of `amount`, in the table's scale: hundredths where the unit has decimals
    (core/money.py), so the thresholds are met in points of the unit."""
    column = 1 if lang == "zh" else 2
    for row in TITLES:
        if amount >= row[0] * scale:
            return row[column]
    return LOWEST[column - 1]
