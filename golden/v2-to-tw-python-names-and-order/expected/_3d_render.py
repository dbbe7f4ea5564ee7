# TaskWeaver plugin `_3d_render`: a scaffold written by toolshift.
# The source manifest names no implementation.
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class Plugin3dRender(Plugin):
    def __call__(self, scene: str, *, quality: str = None, self_: bool, user_id_: str = None, user_id: str = None, from_: int):
        raise NotImplementedError("TODO: implement the _3d_render plugin")
