# TaskWeaver plugin `weather_now`: a scaffold written by toolshift.
# The original implementation is weather_now.py (python).
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class WeatherNow(Plugin):
    def __call__(self, city: str, units: str = None):
        provider_url = self.config.get("provider_url")
        weather_api_key = self.config.get("weather_api_key")
        # TODO: return report
        raise NotImplementedError("TODO: implement the weather_now plugin")
