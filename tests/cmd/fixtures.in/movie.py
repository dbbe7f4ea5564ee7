from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class Movie(Plugin):
    def __call__(self, title: str, country: str, year: int = 0):
        return title
