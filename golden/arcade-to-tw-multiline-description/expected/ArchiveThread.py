# TaskWeaver plugin `ArchiveThread`: a scaffold written by toolshift.
# The source manifest names no implementation.
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class ArchiveThread(Plugin):
    def __call__(self, thread: Any, labels: list[Any] = None):
        mail_audit_token = self.config.get("MAIL_AUDIT_TOKEN")
        google_access_token = self.config.get("google_access_token")
        raise NotImplementedError("TODO: implement the ArchiveThread plugin")
