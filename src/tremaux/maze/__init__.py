"""Mazes as data: the :class:`Maze` model and the properties computed from it."""

from .model import MAX_CELLS, Cell, Direction, Maze, check_shape
from . import properties

__all__ = ["Maze", "Direction", "Cell", "MAX_CELLS", "check_shape", "properties"]
