"""The examples in the modules' documentation run as written."""
import doctest
from types import ModuleType

import pytest

import ratite.kiwi
import ratite.layout
import ratite.solve


@pytest.mark.parametrize("module", [ratite.kiwi, ratite.layout, ratite.solve], ids=lambda m: m.__name__)
def test_doc_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert failures == 0 and tried > 0
