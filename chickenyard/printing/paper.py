"""Which paper a phone prints on before it has chosen: the one its language's region uses.

Unicode CLDR (supplemental data, `paperSize`) lists the regions that use US Letter; the rest
of the world uses A4. A language sent without its region ("en", "es") stands for the region
CLDR finds most likely for it (English: the US; Spanish: Spain).
"""
from __future__ import annotations

from babel.core import get_global

LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "PR", "BZ", "CL", "CO", "CR", "GT", "NI", "PA", "SV", "VE"})
UNSAID = "letter"      # a phone that names no language keeps the paper Chickenyard always offered


def paper_for_languages(languages) -> str:
    """'letter' or 'a4' for the phone's languages, most wanted first (as `Accept-Language` gives)."""
    first = next((tag for tag in languages if tag and tag != "*"), None)
    if first is None:
        return UNSAID
    return "letter" if _region(first) in LETTER_REGIONS else "a4"


def _region(tag: str) -> str | None:
    parts = tag.replace("_", "-").split("-")
    # language[-script][-region]: the region is two letters (or three digits, a UN area)
    region = next((p.upper() for p in parts[1:3] if len(p) == 2 and p.isalpha()), None)
    if region:
        return region
    likely = get_global("likely_subtags").get(parts[0].lower())
    return likely.split("_")[-1] if likely else None
