from taskweaver.plugin import Plugin, register_plugin


@register_plugin
class WordCount(Plugin):
    def __call__(self, text: str, distinct: bool = False):
        words = text.split()
        return len(set(words)) if distinct else len(words)
