"""The six Watchers: the element each one watches over and the colour of its cube and väki."""

from dataclasses import dataclass
from types import MappingProxyType

_GLOSSARY = "Glossary - The Watchers"


@dataclass(frozen=True)
class Watcher:
    """One Watcher. ``element`` is a key of ``catalog.vaki.ELEMENTS``; ``colour`` is the colour
    of its väki chips and of its alignment cube on the Väki Mat (Set-up, items 2 and 3)."""

    key: str
    name: str
    element: str
    colour: str
    source: str


# Glossary order, which is also the order round the Väki Mat: each Tier II element sits
# between the two Tier I elements that combine into it.
WATCHER_ORDER = ("surea", "xolot", "jarus", "brecea", "danu", "arborea")

WATCHERS = MappingProxyType(
    {
        watcher.key: watcher
        for watcher in (
            Watcher("surea", "Surea", "sun", "yellow", _GLOSSARY),
            Watcher("xolot", "Xolot", "fire", "orange", _GLOSSARY),
            Watcher("jarus", "Jarus", "mountain", "red", _GLOSSARY),
            Watcher("brecea", "Brecea", "air", "purple", _GLOSSARY),
            Watcher("danu", "Danu", "water", "blue", _GLOSSARY),
            Watcher("arborea", "Arborea", "nature", "green", _GLOSSARY),
        )
    }
)

WATCHER_BY_ELEMENT = MappingProxyType({watcher.element: watcher for watcher in WATCHERS.values()})

# The grey cube marks the overall status (Set-up, item 3).
STATUS_CUBE_COLOUR = "grey"
