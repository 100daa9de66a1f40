"""Reinforcement-learning environments over the rulesets, laid out as PettingZoo's own.

``from turnkeeper.env import ptcg_v0; env = ptcg_v0.env(render_mode=None)``. Needs the
``[env]`` extra (pettingzoo, gymnasium, numpy); nothing else in Turnkeeper imports this
package, so the base install does not need them. See docs/env.md.
"""
