"""kiwisolver's py/tests for Variable, Term, Expression, Constraint and strength, ported to
ratite.kiwi (rewritten; the checks are kiwisolver's)."""
import gc
import math
import operator
import re
from typing import Any, Callable, List, Literal, Tuple

import pytest

from ratite.kiwi import Constraint, Expression, Term, Variable, strength

Operator = Callable[[Any, Any], Any]
COMPARISONS: List[Tuple[Operator, str]] = [(operator.le, "<="), (operator.eq, "=="), (operator.ge, ">=")]
REFUSED: List[Operator] = [operator.lt, operator.ne, operator.gt]


def single(expression: Expression) -> Term:
    """The one term of an expression."""
    terms = expression.terms()
    assert len(terms) == 1
    return terms[0]


def pairs(expression: Expression) -> List[Tuple[Variable, float]]:
    """(variable, coefficient) of each term."""
    return [(t.variable(), t.coefficient()) for t in expression.terms()]


# Variable


def test_variable_accessors() -> None:
    v = Variable()
    assert v.name() == ""
    for name in ("Δ", "foo"):
        v.setName(name)
        assert v.name() == name
    for bad in (1, b"r"):
        with pytest.raises(TypeError):
            v.setName(bad)  # type: ignore[arg-type]
    assert v.value() == 0.0
    assert v.context() is None
    token = object()
    v.setContext(token)
    assert v.context() is token
    assert str(v) == "foo"
    with pytest.raises(TypeError):
        Variable(1)  # type: ignore[arg-type]


def test_variable_negation_and_scaling() -> None:
    v, w = Variable("foo"), Variable("bar")
    neg = -v
    assert isinstance(neg, Term) and neg.variable() is v and neg.coefficient() == -1
    for product in (v * 2.0, 2 * v):
        assert isinstance(product, Term) and product.variable() is v and product.coefficient() == 2
    quotient = v / 2.0
    assert isinstance(quotient, Term) and quotient.coefficient() == 0.5
    with pytest.raises(TypeError):
        v * w  # type: ignore[operator]
    with pytest.raises(TypeError):
        v / w  # type: ignore[operator]
    with pytest.raises(ZeroDivisionError):
        v / 0


def test_variable_sums_and_differences() -> None:
    v, w = Variable("foo"), Variable("bar")
    for total in (v + 2, 2.0 + v):
        assert isinstance(total, Expression) and total.constant() == 2
        assert pairs(total) == [(v, 1)]
    assert pairs(v + w) == [(v, 1), (w, 1)] and (v + w).constant() == 0
    with pytest.raises(TypeError):
        v + ""  # type: ignore[operator]
    for difference, constant in ((v - 2, -2), (2 - v, 2)):
        assert difference.constant() == constant
        assert pairs(difference) == [(v, -math.copysign(1, constant))]
    assert pairs(v - w) == [(v, 1), (w, -1)]


@pytest.mark.parametrize("op, symbol", COMPARISONS)
def test_variable_comparisons_make_constraints(op: Operator, symbol: str) -> None:
    v, w = Variable("foo"), Variable("Δ")
    c = op(v, w + 1)
    assert isinstance(c, Constraint)
    assert dict(pairs(c.expression())) == {v: 1, w: -1}
    assert c.expression().constant() == -1
    assert c.op() == symbol and c.strength() == strength.required


@pytest.mark.parametrize("op", REFUSED)
def test_variable_order_comparisons_refused(op: Operator) -> None:
    with pytest.raises(TypeError):
        op(Variable("a"), Variable("b"))


# Term


TwoTerms = Tuple[Term, Term, Variable, Variable]


@pytest.fixture()
def two_terms() -> TwoTerms:
    v, w = Variable("foo"), Variable("bar")
    return Term(v, 10), Term(w), v, w


def test_term_construction() -> None:
    v = Variable("foo")
    t = Term(v)
    assert t.variable() is v and t.coefficient() == 1
    t = Term(v, 100)
    assert t.coefficient() == 100 and str(t) == "100 * foo"
    with pytest.raises(TypeError) as info:
        Term("")  # type: ignore[arg-type]
    assert "Variable" in info.exconly()
    del t
    gc.collect()


def test_term_arithmetic(two_terms: TwoTerms) -> None:
    t, t2, v, w = two_terms
    assert (-t).coefficient() == -10 and (-t).variable() is v
    for product in (t * 2, 2.0 * t):
        assert isinstance(product, Term) and product.coefficient() == 20
    assert (t / 2).coefficient() == 5
    with pytest.raises(TypeError):
        t * v  # type: ignore[operator]
    with pytest.raises(TypeError):
        t / w  # type: ignore[operator]
    with pytest.raises(ZeroDivisionError):
        t / 0


def test_term_sums(two_terms: TwoTerms) -> None:
    t, t2, v, w = two_terms
    for total in (t + 2, 2.0 + t):
        assert total.constant() == 2 and pairs(total) == [(v, 10)]
    assert pairs(t + w) == [(v, 10), (w, 1)]
    assert pairs(w + t) == [(w, 1), (v, 10)]
    assert pairs(t + t2) == [(v, 10), (w, 1)]


def test_term_differences(two_terms: TwoTerms) -> None:
    t, t2, v, w = two_terms
    assert (t - 2).constant() == -2 and pairs(t - 2) == [(v, 10)]
    assert (2.0 - t).constant() == 2 and pairs(2.0 - t) == [(v, -10)]
    assert pairs(t - w) == [(v, 10), (w, -1)]
    assert pairs(w - t) == [(w, 1), (v, -10)]
    assert pairs(t - t2) == [(v, 10), (w, -1)]


@pytest.mark.parametrize("op, symbol", COMPARISONS)
def test_term_comparisons(op: Operator, symbol: str) -> None:
    v, w = Variable("foo"), Variable("bar")
    c = op(Term(v, 10), Term(w, 20) + 1)
    assert dict(pairs(c.expression())) == {v: 10, w: -20}
    assert c.expression().constant() == -1
    assert c.op() == symbol and c.strength() == strength.required


@pytest.mark.parametrize("op", REFUSED)
def test_term_order_comparisons_refused(op: Operator) -> None:
    with pytest.raises(TypeError):
        op(Term(Variable("a")), Term(Variable("b")))


# Expression


Expressions = Tuple[Expression, Expression, Term, Term, Variable, Variable]


@pytest.fixture()
def expressions() -> Expressions:
    v, w = Variable("foo"), Variable("bar")
    t, t2 = Term(v, 10), Term(w)
    return t + 5, w - 10, t, t2, v, w


def test_expression_construction() -> None:
    v, w, x = Variable("foo"), Variable("bar"), Variable("aux")
    for constant in (0, 10):
        e = Expression((v * 1, w * 2, x * 3), constant) if constant else Expression((v * 1, w * 2, x * 3))
        assert pairs(e) == [(v, 1), (w, 2), (x, 3)] and e.constant() == constant
    assert str(Expression((v * 1, w * 2, x * 3), 10)) == "1 * foo + 2 * bar + 3 * aux + 10"
    with pytest.raises(TypeError) as info:
        Expression((1, w * 2))  # type: ignore[arg-type]
    assert "Term" in info.exconly()
    gc.collect()


def test_expression_negation_and_scaling(expressions: Expressions) -> None:
    e, _, _, _, v, w = expressions
    assert pairs(-e) == [(v, -10)] and (-e).constant() == -5
    for product in (e * 2.0, 2.0 * e):
        assert pairs(product) == [(v, 20)] and product.constant() == 10
    assert pairs(e / 2) == [(v, 5)] and (e / 2).constant() == 2.5
    with pytest.raises(TypeError):
        e * v  # type: ignore[operator]
    with pytest.raises(TypeError):
        e / w  # type: ignore[operator]
    with pytest.raises(ZeroDivisionError):
        e / 0


def test_expression_sums(expressions: Expressions) -> None:
    e, e2, _, t2, v, w = expressions
    for total in (e + 2, 2.0 + e):
        assert total.constant() == 7 and pairs(total) == [(v, 10)]
    for other, constant in ((w, 5), (t2, 5), (e2, -5)):
        total = e + other
        assert total.constant() == constant and pairs(total) == [(v, 10), (w, 1)]


def test_expression_differences(expressions: Expressions) -> None:
    e, e2, _, t2, v, w = expressions
    assert (e - 2).constant() == 3 and pairs(e - 2) == [(v, 10)]
    assert (2.0 - e).constant() == -3 and pairs(2.0 - e) == [(v, -10)]
    for other in (w, t2):
        assert (e - other).constant() == 5 and pairs(e - other) == [(v, 10), (w, -1)]
        # The expression's terms come first, as in kiwisolver.
        assert (other - e).constant() == -5 and pairs(other - e) == [(v, -10), (w, 1)]
    assert (e - e2).constant() == 15 and pairs(e - e2) == [(v, 10), (w, -1)]


@pytest.mark.parametrize("op, symbol", COMPARISONS)
def test_expression_comparisons(op: Operator, symbol: str) -> None:
    v, w = Variable("foo"), Variable("bar")
    c = op(Term(v, 10) + 5, w - 10)
    assert dict(pairs(c.expression())) == {v: 10, w: -1}
    assert c.expression().constant() == 15
    assert c.op() == symbol and c.strength() == strength.required


@pytest.mark.parametrize("op", REFUSED)
def test_expression_order_comparisons_refused(op: Operator) -> None:
    with pytest.raises(TypeError):
        op(Variable("a") + 1, Variable("b") + 2)


# Constraint


@pytest.mark.parametrize("symbol", ["==", "<=", ">="])
def test_constraint_construction(symbol: Literal["==", "<=", ">="]) -> None:
    v = Variable("foo")
    c = Constraint(v + 1, symbol)
    assert c.strength() == strength.required and c.op() == symbol
    assert c.expression().constant() == 1 and pairs(c.expression()) == [(v, 1)]
    assert re.match(r"1 \* foo \+ 1 %s 0 \| strength = 1.001e\+0*9" % symbol, str(c))
    assert symbol in repr(c)
    for name in ("weak", "medium", "strong", "required"):
        assert Constraint(v + 1, symbol, name).strength() == getattr(strength, name)
    del c
    gc.collect()


def test_constraint_construction_errors() -> None:
    v = Variable("foo")
    with pytest.raises(TypeError) as info:
        Constraint(1, "==")  # type: ignore[arg-type]
    assert "Expression" in info.exconly()
    with pytest.raises(TypeError) as info:
        Constraint(v + 1, 1)  # type: ignore[arg-type]
    assert "str" in info.exconly()
    with pytest.raises(ValueError) as refused:
        Constraint(v + 1, "!=")  # type: ignore[arg-type]
    assert "relational operator" in refused.exconly()


def test_constraint_strength_with_or() -> None:
    c = Constraint(Variable("foo") + 1, "==")
    for s in ("weak", "medium", "strong", "required"):
        assert (c | s).strength() == getattr(strength, s)
        assert (s | c).strength() == getattr(strength, s)
    custom = strength.create(1, 1, 0)
    assert (c | custom).strength() == custom
    with pytest.raises(ValueError):
        c | "unknown"  # type: ignore[operator]


def test_constraint_reduces_its_expression() -> None:
    v = Variable("v")
    c = v + 2 * v - 1 == v
    assert pairs(c.expression()) == [(v, 2)] and c.expression().constant() == -1


# strength


def test_named_strengths_are_ordered() -> None:
    assert strength.weak < strength.medium < strength.strong < strength.required


def test_created_strengths_are_ordered() -> None:
    assert strength.create(0, 0, 1) < strength.create(0, 1, 0) < strength.create(1, 0, 0)
    assert strength.create(1, 0, 0, 1) < strength.create(1, 0, 0, 4)
    with pytest.raises(TypeError):
        strength.create("", "", "")  # type: ignore[arg-type]
