"""The browser test's judgements, on measurements made up to pass or fail each one: every check
must be able to fail."""

from tools import browser_test as bt

BLUE, ORANGE, BLACK = [0, 95, 158], [192, 80, 0], [0, 0, 0]


def chart(**parts):
    """A chart's measurements as the probe reports them: two lines that end together."""
    base = {
        "title": "t",
        "lines": [{"colour": BLUE, "dash": "none", "guide": False},
                  {"colour": ORANGE, "dash": "9px, 4px", "guide": False}],
        "legend": [0, 0, 50, 30],
        "markers": [{"x": 100, "y": 200, "size": 10, "colour": BLUE},
                    {"x": 300, "y": 150, "size": 10, "colour": BLUE},
                    {"x": 100, "y": 250, "size": 10, "colour": ORANGE},
                    {"x": 300, "y": 240, "size": 10, "colour": ORANGE}],
        "zeros": [], "gaveUp": [], "texts": ["t", "a", "b"], "yNumbers": [],
    }
    base.update(parts)
    return base


def test_a_sound_chart_passes():
    assert bt.check_chart(chart()) == []


def test_a_line_that_just_stops_fails_and_a_mark_of_giving_up_mends_it():
    stops = chart(markers=chart()["markers"][:1] + chart()["markers"][2:])
    assert any("no mark that it gave up" in p for p in bt.check_chart(stops))
    marked = dict(stops, gaveUp=[{"x": 300, "y": 90, "size": 12, "colour": BLUE}],
                  texts=["t", "gave up here: at least this"])
    assert bt.check_chart(marked) == []
    unexplained = dict(marked, texts=["t"])
    assert any("no legend entry" in p for p in bt.check_chart(unexplained))


def test_a_point_hidden_under_another_fails_and_a_larger_ring_passes():
    hidden = chart(markers=chart()["markers"] + [{"x": 101, "y": 201, "size": 10,
                                                  "colour": ORANGE}])
    assert any("hides another" in p for p in bt.check_chart(hidden))
    ringed = chart(markers=chart()["markers"] + [{"x": 101, "y": 201, "size": 20,
                                                  "colour": ORANGE}])
    assert not any("hides another" in p for p in bt.check_chart(ringed))


def test_lines_that_run_together_fail_unless_each_close_point_is_ringed():
    xs = [100, 200, 300, 400]
    paths = [{"colour": BLUE, "points": [[x, 200 - x / 10] for x in xs]},
             {"colour": ORANGE, "points": [[x, 202 - x / 10] for x in xs]}]
    plain = [{"x": x, "y": y, "size": 10, "colour": p["colour"]}
             for p in paths for x, y in p["points"]]
    together = chart(paths=paths, markers=plain)
    assert any("run within 4 px" in p and "4 of them with no larger hollow" in p
               for p in bt.check_chart(together))
    # Whether a point is ringed is read off the markers alone, wherever the lines are measured.
    plain = [dict(m, y=m["y"] + 5000) for m in plain]
    rings = [dict(m, y=m["y"] + 1, size=20, hollow=True) for m in plain[4:]]
    ringed = chart(paths=paths, markers=plain[:4] + rings)
    assert not any("run within" in p for p in bt.check_chart(ringed))
    # One point left without its ring is enough to fail.
    assert any("1 of them with no larger hollow" in p
               for p in bt.check_chart(chart(paths=paths, markers=plain[:5] + rings[1:])))
    apart = [paths[0], {"colour": ORANGE, "points": [[x, 220 - x / 10] for x in xs]}]
    assert not any("run within" in p for p in bt.check_chart(chart(paths=apart, markers=plain)))


def test_the_legend_may_cover_no_point():
    covered = chart(legend=[90, 190, 110, 210])
    assert any("legend covers 1" in p for p in bt.check_chart(covered))


def test_lines_alike_in_dash_and_colour_fail_guides_included():
    # The binary encoding's dark grey against the n² guide's grey, dashes 6 6 and 6 5.
    alike = chart(lines=[{"colour": [77, 77, 77], "dash": "6px, 6px", "guide": False},
                         {"colour": [85, 85, 85], "dash": "6px, 5px", "guide": True}])
    assert any("look alike" in p for p in bt.check_chart(alike))
    apart = chart(lines=[{"colour": BLACK, "dash": "6px, 6px", "guide": False},
                         {"colour": [85, 85, 85], "dash": "6px, 5px", "guide": True}])
    assert not any("look alike" in p for p in bt.check_chart(apart))
    assert bt.dashed_alike("none", "none") and not bt.dashed_alike("none", "3px, 3px")
    assert not bt.dashed_alike("9px, 4px", "3px, 3px")


def test_a_count_axis_with_zeros_labels_them_0_and_nothing_under_1():
    zeros = [{"x": 120, "y": 300, "size": 10, "colour": BLUE}]
    wrong = chart(zeros=zeros, yNumbers=[{"x": 60, "y": 300, "size": 8, "text": "0.1"},
                                         {"x": 60, "y": 250, "size": 8, "text": "1"}])
    problems = bt.check_chart(wrong)
    assert any("under 1" in p for p in problems) and any("not labelled 0" in p for p in problems)
    right = chart(zeros=zeros, yNumbers=[{"x": 60, "y": 301, "size": 8, "text": "0"},
                                         {"x": 60, "y": 250, "size": 8, "text": "1"},
                                         {"x": 60, "y": 150, "size": 8, "text": "1.5k"}])
    assert bt.check_chart(right) == []
    assert bt.number("1.5k") == 1500 and bt.number("20M") == 2e7 and bt.number("n") is None


def test_boards_need_a_frame_rings_and_haloed_crosses():
    framed = {"frame": 9.1, "conflictEnds": [{"x": 50, "y": 50}], "square": 40,
              "rings": [{"x": 52, "y": 49, "size": 36}]}
    cross = {"halo": True, "contrast": 4.6, "wider": 4}
    assert bt.check_boards([framed], [cross]) == []
    problems = bt.check_boards([dict(framed, frame=1.2, rings=[])],
                               [dict(cross, halo=False, contrast=0)])
    assert len(problems) == 3, problems


def test_alt_texts_summarise():
    assert bt.check_alts(["8×8 board, queens in columns 1, 5, 8, 6, 3, 7, 2, 4 (row 1 first)"]) == []
    assert bt.check_alts(["times\nbacktracking: (8, 0.0449)"]) == []
    bad = ["x" * 601, "Q" + "." * 12, "(8, 0.044886999999999996)", "(3, undefined)"]
    assert [len(bt.check_alts([alt])) for alt in bad] == [1, 1, 1, 1]
