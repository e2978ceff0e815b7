"""What a running bot reports about itself: Prometheus metrics on `METRICS_PORT`, or else a
one-line health summary in the log every few minutes.

    metrics = Metrics(port)            # port None: no HTTP server, counts kept for the log line
    metrics.move("cathedral", None)    # a move applied ("refusal code" instead when refused)
    metrics.store_seconds(0.002)       # one store transaction
    metrics.render_seconds(0.03)       # one board image
    metrics.timer_lag(1.5)             # how late a timer round started
    metrics.gauges(open_games=12, shards={0: 0.045})
    log.info(metrics.health_line())

Prometheus names: guildhall_moves_total{game}, guildhall_refusals_total{game,code},
guildhall_store_seconds, guildhall_render_seconds (histograms), guildhall_timer_lag_seconds,
guildhall_open_games, guildhall_shards_connected, guildhall_shard_latency_seconds{shard}.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

HEALTH_MINUTES = 5
"""Minutes between two health lines in the log (and two refreshes of the gauges)."""

_STORE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0)
_RENDER_BUCKETS = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0)


class Metrics:
    """Counters and timings of one bot process; exported over HTTP when `port` is given."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port
        self.moves: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.store_calls = 0
        self.store_total_s = 0.0
        self.renders = 0
        self.render_total_s = 0.0
        self.last_lag_s = 0.0
        self.open_games: int | None = None
        self.shard_latency: dict[int, float | None] = {}
        self._prom: dict[str, Any] = {}
        if port is not None:
            self._serve(port)

    def _serve(self, port: int) -> None:
        from prometheus_client import (
            CollectorRegistry,
            Counter,
            Gauge,
            Histogram,
            start_http_server,
        )

        registry = CollectorRegistry()
        self._prom = {
            "moves": Counter("guildhall_moves", "Moves applied", ["game"], registry=registry),
            "refusals": Counter(
                "guildhall_refusals", "Moves refused", ["game", "code"], registry=registry
            ),
            "store": Histogram(
                "guildhall_store_seconds",
                "One store transaction",
                buckets=_STORE_BUCKETS,
                registry=registry,
            ),
            "render": Histogram(
                "guildhall_render_seconds",
                "One board image",
                buckets=_RENDER_BUCKETS,
                registry=registry,
            ),
            "lag": Gauge(
                "guildhall_timer_lag_seconds",
                "How late the last timer round began",
                registry=registry,
            ),
            "open": Gauge(
                "guildhall_open_games", "Lobbies and games in progress", registry=registry
            ),
            "shards": Gauge(
                "guildhall_shards_connected", "Gateway shards connected", registry=registry
            ),
            "latency": Gauge(
                "guildhall_shard_latency_seconds",
                "Gateway heartbeat latency",
                ["shard"],
                registry=registry,
            ),
        }
        self.registry = registry
        start_http_server(port, registry=registry)

    def move(self, game: str, refusal: str | None) -> None:
        """A move applied (`refusal` None) or refused with that code."""
        if refusal is None:
            self.moves[game] += 1
            if self._prom:
                self._prom["moves"].labels(game=game).inc()
        else:
            self.refusals[game] += 1
            if self._prom:
                self._prom["refusals"].labels(game=game, code=refusal).inc()

    def store_seconds(self, seconds: float) -> None:
        """One store transaction took this long."""
        self.store_calls += 1
        self.store_total_s += seconds
        if self._prom:
            self._prom["store"].observe(seconds)

    def render_seconds(self, seconds: float) -> None:
        """One board image took this long."""
        self.renders += 1
        self.render_total_s += seconds
        if self._prom:
            self._prom["render"].observe(seconds)

    def timer_lag(self, seconds: float) -> None:
        """The last timer round began this late."""
        self.last_lag_s = seconds
        if self._prom:
            self._prom["lag"].set(seconds)

    def gauges(self, *, open_games: int, shards: Mapping[int, float | None]) -> None:
        """Refresh what is read rather than counted: open games, each shard's latency (None:
        not connected)."""
        self.open_games = open_games
        self.shard_latency = dict(shards)
        if self._prom:
            self._prom["open"].set(open_games)
            self._prom["shards"].set(sum(1 for v in shards.values() if v is not None))
            for shard, latency in shards.items():
                if latency is not None:
                    self._prom["latency"].labels(shard=str(shard)).set(latency)

    def health_line(self) -> str:
        """One line: moves and refusals so far, mean store and render times, timer lag, open
        games, shards connected and their worst latency."""
        connected = [v for v in self.shard_latency.values() if v is not None]
        store_ms = 1000 * self.store_total_s / self.store_calls if self.store_calls else 0.0
        render_ms = 1000 * self.render_total_s / self.renders if self.renders else 0.0
        worst = f"{max(connected) * 1000:.0f} ms" if connected else "-"
        return (
            f"health: {sum(self.moves.values())} moves, {sum(self.refusals.values())} refused; "
            f"store {store_ms:.1f} ms mean over {self.store_calls}; "
            f"render {render_ms:.0f} ms mean over {self.renders}; "
            f"timer lag {self.last_lag_s:.1f} s; open games {self.open_games}; "
            f"shards {len(connected)}/{len(self.shard_latency)} up, worst latency {worst}"
        )
