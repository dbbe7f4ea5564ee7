# TaskWeaver plugin `meteo`: a scaffold written by toolshift.
# The original implementation is handler.js (javascript).
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class Meteo(Plugin):
    def __call__(self, été: str = None, ville_départ: str = None, été_: str = None):
        raise NotImplementedError("TODO: implement the meteo plugin")
