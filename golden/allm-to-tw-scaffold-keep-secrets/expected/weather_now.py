# TaskWeaver plugin `weather_now`: a scaffold written by toolshift.
# The original implementation is handler.js (javascript).
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class WeatherNow(Plugin):
    def __call__(self, city: str, units: str = None, days: float = None, detailed: bool = None):
        weather_api_key = self.config.get("WEATHER_API_KEY")
        units_ = self.config.get("UNITS")
        timeout_s = self.config.get("TIMEOUT_S")
        raise NotImplementedError("TODO: implement the weather_now plugin")
