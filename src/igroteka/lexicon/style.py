"""Which words the dictionaries mark as slang or colloquial.

A game may score such words apart (a house rule that doubles their points). The
test is the dictionary's own mark, not a guess: dict_uk (through pymorphy3)
tags slang ``Slng`` and colloquial words ``Infr``; OpenCorpora does the same
for Russian. A word is slang when any of its known readings carries either
mark (лох is also a plain noun, and still slang).

>>> slang("бабло", "uk"), slang("хата", "uk")
(True, False)
"""

from __future__ import annotations

import functools

from igroteka.lexicon.morph import analyzer
from igroteka.lexicon.text import check_language, normal

__all__ = ["slang"]

_MARKS = frozenset({"Slng", "Infr"})


@functools.lru_cache(maxsize=16384)
def slang(word: str, lang: str) -> bool:
    """Whether the dictionary marks a reading of ``word`` as slang or colloquial."""
    language = check_language(lang)
    form = normal(word, language)
    return any(
        parse.is_known and not _MARKS.isdisjoint(parse.tag.grammemes)
        for parse in analyzer(language).parse(form)
    )
