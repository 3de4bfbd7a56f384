"""The JupyterLab test's order of runs (tools/lab_test.py, `cold_first`): one cold run for each
setup cell the notebooks share, before the notebooks that run on its build."""

from coursework import rust_kernel
from tools import lab_test


def setup_of(name):
    return next(iter(rust_kernel.setups([lab_test.NOTEBOOKS / f"{name}.ipynb"])))


def test_one_cold_run_for_each_setup_before_the_notebooks_that_share_it():
    names = lab_test.every_notebook()
    order = lab_test.cold_first(names, every_cold=False)
    assert sorted(name for name, _ in order) == sorted(names)
    cold = [name for name, ran_cold in order if ran_cold]
    setups = {setup_of(name) for name in names}
    # The lectures load the crate two ways (`:opt 0` without the charts, optimised with them) and
    # the coursework's copy its kit: three builds, each made once, by a notebook of WHOLE where
    # there is one.
    assert len(setups) == 3
    assert sorted(setup_of(name) for name in cold) == sorted(setups)
    assert lab_test.WHOLE <= set(cold)
    for place, (name, ran_cold) in enumerate(order):
        if not ran_cold:
            built = [other for other, _ in order[:place] if other in cold]
            assert built and setup_of(built[-1]) == setup_of(name), name


def test_every_cold_runs_each_notebook_cold_in_its_order():
    names = ["02-davis-putnam", "05-queens-csp", "04-all-solutions"]
    assert lab_test.cold_first(names, every_cold=True) == [(name, True) for name in names]
    assert lab_test.cold_first(names, every_cold=False) == [
        ("02-davis-putnam", True), ("05-queens-csp", True), ("04-all-solutions", False)]
