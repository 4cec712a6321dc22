"""The deals files and the backups are made with Python's cycle collector held off
(`cycles.collector_paused`): it must run again afterwards, whatever happened inside, and when
two threads overlap, only once the last of them is done; a collector someone else turned off
stays off."""

import gc
import threading

import pytest

from tournaments.cycles import collector_paused


def test_the_collector_runs_again_after_the_block_even_after_an_error() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError
    assert gc.isenabled()


def test_overlapping_threads_leave_it_off_until_the_last_is_done() -> None:
    inside, release = threading.Event(), threading.Event()

    def long_file() -> None:
        with collector_paused():
            inside.set()
            release.wait(5)

    other = threading.Thread(target=long_file)
    other.start()
    inside.wait(5)
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other thread is still building its file
    release.set()
    other.join(5)
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
