"""The meaning model the association bots read clues with, and the vectors shipped with it."""

from __future__ import annotations

import numpy as np

from igroteka.games.associations.meaning import _shipped, embed, shipped_texts, tag_vectors


def test_the_shipped_vectors_cover_every_word_of_the_cards_and_the_generator() -> None:
    """A card's word missing from meanings.npz would be embedded at every game's start:
    rebuild the file (python -m igroteka.games.associations.meaning) when the cards change."""
    index, vectors = _shipped()
    wanted = {key for key, _ in shipped_texts()}
    assert wanted <= set(index), sorted(wanted - set(index))[:5]
    assert vectors.shape == (len(index), 384)


def test_the_shipped_vectors_are_what_the_model_says_now() -> None:
    """The file was made by the installed model (a new model would need a new file)."""
    index, vectors = _shipped()
    sample = [(key, text) for key, text in shipped_texts()][::97]
    for key, text in sample:
        assert float(vectors[index[key]] @ embed(text)) > 0.99, key


def test_a_sentence_means_the_same_in_the_three_languages() -> None:
    """The same scene said in Ukrainian, Russian and English is nearer itself than another."""
    whale = embed("Кит пливе над будинком")
    assert float(whale @ embed("Кит плывёт над домом")) > float(whale @ embed("Часы в пустыне"))
    assert float(whale @ embed("A whale swims over a house")) > float(
        whale @ embed("A clock in the desert")
    )


def test_a_word_the_file_does_not_hold_is_read_all_the_same() -> None:
    """A teacher's own card has words of its own: they are embedded when first asked."""
    index, _ = _shipped()
    assert "uk:фотосинтез" not in index
    vector = tag_vectors(("фотосинтез",), "uk")[0]
    assert abs(float(np.linalg.norm(vector)) - 1) < 1e-3
    assert float(vector @ embed("рослина і сонце")) > float(vector @ embed("залізниця"))
