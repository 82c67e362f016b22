"""Reading a DAWG file whole (lexicon/dawgfile.py): the same keys, in the same order, as the
DAWG library gives one by one."""

from __future__ import annotations

import random
from pathlib import Path

import dawg
import pytest

from igroteka.lexicon.dawgfile import Keys, read
from igroteka.lexicon.morph import analyzer
from igroteka.lexicon.text import Language


def keys_of(read_keys: Keys) -> list[str]:
    """The keys as the library spells them: form, \\x01, payload."""
    forms = read_keys.forms()
    rows = read_keys.payloads[read_keys.payload_of]
    return [
        forms[number] + "\x01" + row.tobytes().decode()
        for number, row in zip(read_keys.form_of.tolist(), rows, strict=True)
    ]


def saved(tmp_path: Path, items: list[tuple[str, bytes]]) -> Path:
    path = tmp_path / "words.dawg"
    dawg.BytesDAWG(items).save(str(path))
    return path


def test_every_key_comes_out_once_in_the_librarys_order(tmp_path: Path) -> None:
    """Forms that are prefixes of others (кіт, кітка), shared endings, several payloads of one
    form, letters of two bytes and of one, in random words of 1 to 30 letters."""
    rng = random.Random(39)
    letters = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя'-ёъыэ"
    words = {"".join(rng.choices(letters, k=rng.randint(1, 30))) for _ in range(3000)}
    words |= {"кіт", "кітка", "кітки", "котик", "кот"}
    items = [(word, bytes([rng.randrange(256) for _ in range(3)])) for word in sorted(words)]
    items += [(word, b"two") for word in rng.sample(sorted(words), 500)]
    path = saved(tmp_path, items)
    found = read(path, payload=5)  # three bytes in base64 and a line end
    completion = dawg.CompletionDAWG()
    completion.load(str(path))
    assert keys_of(found) == completion.keys()
    assert found.forms() == sorted(words, key=lambda word: word.encode())
    starts, sizes = found.starts.tolist(), found.sizes.tolist()
    text = found.text
    for number, form in enumerate(found.forms()):
        assert text[starts[number] : starts[number] + sizes[number]] == form.encode()


def test_a_file_that_is_no_such_dawg_is_refused(tmp_path: Path) -> None:
    """A payload of another size, a key without one, a file that is no DAWG: ValueError."""
    path = saved(tmp_path, [("кіт", b"ab"), ("кот", b"cd")])
    with pytest.raises(ValueError, match="payload"):
        read(path, payload=9)
    plain = tmp_path / "plain.dawg"
    dawg.DAWG(["кіт"]).save(str(plain))
    with pytest.raises(ValueError):
        read(plain, payload=5)
    junk = tmp_path / "junk.dawg"
    junk.write_bytes(b"\x10\x00\x00\x00 not a dawg")
    with pytest.raises(ValueError, match="not a DAWG"):
        read(junk, payload=5)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_whole_dictionary_reads_as_the_library_gives_it(lang: Language) -> None:
    """pymorphy3's dictionaries: millions of readings, every one the same."""
    words = analyzer(lang).dictionary.words
    path = Path(analyzer(lang).dictionary.path) / "words.dawg"
    assert keys_of(read(path, payload=9)) == dawg.CompletionDAWG.keys(words)
