"""What a running bot reports: moves and refusals per game, store and render times, open games
and shards, on METRICS_PORT in Prometheus' format, or as one health line in the log."""

from __future__ import annotations

import socket
import urllib.request

import pytest

from bot.metrics import Metrics
from tests.cogs.conftest import StartBot

pytestmark = pytest.mark.asyncio


async def test_a_bot_counts_its_moves_refusals_and_store_time(start_bot: StartBot) -> None:
    h = await start_bot()
    await h.slash("game new", game="cathedral")
    await h.slash("cathedral move", notation="Dragon A1 0")
    metrics = h.bot.metrics
    assert metrics.store_calls > 0 and metrics.store_total_s > 0
    assert sum(metrics.refusals.values()) + sum(metrics.moves.values()) >= 1
    metrics.gauges(open_games=1, shards={0: 0.05, 1: None})
    line = metrics.health_line()
    assert "open games 1" in line and "shards 1/2 up, worst latency 50 ms" in line


async def test_the_metrics_port_serves_prometheus_text() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    metrics = Metrics(port)
    metrics.move("cathedral", None)
    metrics.move("cathedral", "NOT_YOUR_TURN")
    metrics.store_seconds(0.002)
    metrics.render_seconds(0.04)
    metrics.timer_lag(1.5)
    metrics.gauges(open_games=3, shards={0: 0.04})
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    assert 'guildhall_moves_total{game="cathedral"} 1.0' in text
    assert 'guildhall_refusals_total{code="NOT_YOUR_TURN",game="cathedral"} 1.0' in text
    assert "guildhall_store_seconds_count 1.0" in text
    assert "guildhall_render_seconds_count 1.0" in text
    assert "guildhall_open_games 3.0" in text
    assert "guildhall_shards_connected 1.0" in text
    assert 'guildhall_shard_latency_seconds{shard="0"} 0.04' in text
    assert "guildhall_timer_lag_seconds 1.5" in text
