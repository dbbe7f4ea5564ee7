# TaskWeaver plugin `CreateIssue`: a scaffold written by toolshift.
# The source manifest names no implementation.
# TODO: implement __call__; toolshift could not carry the original implementation.
from __future__ import annotations

from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class CreateIssue(Plugin):
    def __call__(self, repo: str, title: str, labels: list[str] = None, class_: str = None):
        github_access_token = self.config.get("github_access_token")
        raise NotImplementedError("TODO: implement the CreateIssue plugin")
